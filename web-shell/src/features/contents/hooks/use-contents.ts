import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

export const useContent = (id: string) => useQuery({ queryKey: queryKeys.content(id), queryFn: () => fetchContent(id) });
