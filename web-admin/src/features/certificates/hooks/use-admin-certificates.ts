import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { defineAdminResource } from '../../../shared/hooks/admin-resource';
import { fetchAdminCertificates, revokeCertificate } from '../api/certificates-api';

const certificates = defineAdminResource({
  keys: adminKeys.certificates,
  list: fetchAdminCertificates,
  logs: { load: messages.logs.certificatesLoad },
  // The page tells a failed load apart from an empty list.
  failedLoad: 'error',
});

export const useAdminCertificates = certificates.useList;
export const useRevokeCertificate = () =>
  certificates.useChange(({ code, reason }: { code: string; reason: string }) => revokeCertificate(code, reason), messages.logs.certificateRevoke);
