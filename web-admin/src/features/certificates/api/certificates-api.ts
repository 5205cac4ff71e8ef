import type { AdminCertificate } from '@clima/contract/certificates';
import { api, apiUrl, asList } from '../../../lib/api';

export const fetchAdminCertificates = (search: string, signal?: AbortSignal): Promise<AdminCertificate[]> =>
  asList(api.get('/api/admin/certificates', { query: { search }, signal }));

export const revokeCertificate = (code: string, reason: string) => api.post('/api/admin/certificates/:code/revoke', { params: { code }, body: { reason: reason.trim() || null } });

/** Any certificate's PDF (a revoked one carries the 'REVOGADO' stamp). */
export const adminPdfUrl = (code: string) => apiUrl('/api/admin/certificates/:code/pdf', { code });

/** The public verification page, on the site itself. */
export const verifyUrl = (code: string) => `/certificados/${encodeURIComponent(code)}`;
