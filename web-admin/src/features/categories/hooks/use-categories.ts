import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { createCategory, deleteCategory, fetchAdminCategories, updateCategory, type CategoryInput } from '../api/categories-api';

const logs = messages.categories.logs;

/** Admin categories (search over name, slug and description); a failed load is logged and reads as none. */
export function useAdminCategories(search: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.categories.list(search),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAdminCategories(search, signal);
      } catch (err) {
        if (!signal.aborted) console.error(logs.load, err);
        return [];
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Category names show on the content cards, so contents and the dashboard are refreshed as well. */
function useInvalidateCatalog() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.categories.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.contents.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
    ]);
}

export function useSaveCategory() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CategoryInput }) => (id === null ? createCategory(body) : updateCategory(id, body)),
    onError: (err) => console.error(logs.save, err),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (id: number) => deleteCategory(id),
    onError: (err) => console.error(logs.delete, err),
    onSuccess: invalidate,
  });
}
