import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { fetchAdminCertificates, revokeCertificate } from '../api/certificates-api';

export function useAdminCertificates(search: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.certificates.list(search),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAdminCertificates(search, signal);
      } catch (err) {
        if (!signal.aborted) console.error(messages.logs.certificatesLoad, err);
        throw err;
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) => revokeCertificate(code, reason),
    onError: (err) => console.error(messages.logs.certificateRevoke, err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.certificates.all }),
  });
}
