import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { fetchContent, fetchContentCategories, fetchContents } from '../api/contents-api';

export const useContents = (filters: { search: string; category: string }, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.contents(filters),
    queryFn: ({ signal }) => fetchContents(filters, signal),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useContentCategories = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.contentCategories, queryFn: fetchContentCategories, enabled, staleTime: 5 * 60_000 });

/** Opening a content counts a view on the server, so the lists' view counts are refreshed after it. */
export function useContent(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.content(id),
    queryFn: async () => {
      const content = await fetchContent(id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.contentsAll });
      return content;
    },
  });
}
