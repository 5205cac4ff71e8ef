import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { createContent, deleteContent, fetchAdminContents, togglePublished, updateContent, type ContentInput } from '../api/contents-api';

const logs = messages.contents.logs;

/** Every content, drafts too, filtered by search text and category slug; a failed load reads as none. */
export function useAdminContents(filters: { search: string; category: string }, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.contents.list(filters),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAdminContents(filters, signal);
      } catch (err) {
        if (!signal.aborted) console.error(logs.load, err);
        return [];
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateContents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.contents.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
    ]);
}

export function useSaveContent() {
  const invalidate = useInvalidateContents();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ContentInput }) => (id === null ? createContent(body) : updateContent(id, body)),
    onError: (err) => console.error(logs.save, err),
    onSuccess: invalidate,
  });
}

export function useDeleteContent() {
  const invalidate = useInvalidateContents();
  return useMutation({
    mutationFn: (id: number) => deleteContent(id),
    onError: (err) => console.error(logs.delete, err),
    onSuccess: invalidate,
  });
}

export function useTogglePublished() {
  const invalidate = useInvalidateContents();
  return useMutation({
    mutationFn: ({ id, isPublished }: { id: number; isPublished: 0 | 1 }) => togglePublished(id, isPublished),
    onError: (err) => console.error(logs.toggle, err),
    onSuccess: invalidate,
  });
}
