import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { checkPasswordReset, confirmPasswordReset, requestPasswordReset, resendVerification, verifyEmail } from '../api/recovery-api';

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

/** Whether the reset link still works, asked once when its page opens (never again: using it ends it). */
export function useCheckPasswordReset(token: string) {
  return useQuery({
    queryKey: queryKeys.passwordResetCheck(token),
    queryFn: ({ signal }) => checkPasswordReset(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: ({ token, password }: { token: string; password: string }) => confirmPasswordReset(token, password) });
}

/** Verifying changes what /me says (verified, or the new e-mail after a change). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => verifyEmail(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => resendVerification() });
}
