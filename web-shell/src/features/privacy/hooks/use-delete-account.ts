import type { DeleteAccountBody } from '@clima/contract/privacy';
import { useMutation } from '@tanstack/react-query';
import { deleteAccount } from '../api/privacy-api';

export function useDeleteAccount() {
  return useMutation({ mutationFn: (body: DeleteAccountBody) => deleteAccount(body) });
}
