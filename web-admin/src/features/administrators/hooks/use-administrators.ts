import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { createAdministrator, deleteAdministrator, fetchAdministrators, updateAdministrator } from '../api/administrators-api';

export function useAdministrators(search: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.administrators.list(search),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAdministrators(search, signal);
      } catch (err) {
        if (!signal.aborted) console.error(messages.logs.adminsLoad, err);
        return [];
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSaveAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, username, password }: { id: number | null; username: string; password: string }) =>
      id === null ? createAdministrator({ username, password }) : updateAdministrator(id, { username, password }),
    onError: (err) => console.error(messages.logs.adminSave, err),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.administrators.all }),
  });
}

export function useDeleteAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAdministrator(id),
    onError: (err) => console.error(messages.logs.adminDelete, err),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.administrators.all }),
  });
}
