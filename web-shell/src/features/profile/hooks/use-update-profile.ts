import type { ProfileBody } from '@clima/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { updateProfile } from '../api/profile-api';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => updateProfile(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
