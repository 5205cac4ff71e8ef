import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { deleteAdminUser, fetchAdminUsers, updateAdminUser, type UserUpdate } from '../api/users-api';

export function useAdminUsers(filters: { search: string; status: string }, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.users.list(filters),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAdminUsers(filters, signal);
      } catch (err) {
        if (!signal.aborted) console.error(messages.logs.usersLoad, err);
        return [];
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserUpdate }) => updateAdminUser(id, body),
    onError: (err) => console.error(messages.logs.userUpdate, err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users.all }),
  });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAdminUser(id),
    onError: (err) => console.error(messages.logs.userDelete, err),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users.all }),
  });
}
