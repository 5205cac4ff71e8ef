import type { Certificate, PublicCertificate } from '@clima/contract/certificates';
import { api, apiUrl, ApiError } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.certificates;

/** The signed-in user's certificates, newest first. */
export const fetchMyCertificates = (signal?: AbortSignal): Promise<Certificate[]> => api.get('/api/certificates', { signal, fallbackError: m.mineFailed });

/** The public verification of a code: null when no certificate has it. */
export async function fetchPublicCertificate(code: string, signal?: AbortSignal): Promise<PublicCertificate | null> {
  try {
    return await api.get('/api/public/certificates/:code', { params: { code }, signal, fallbackError: m.loadFailed });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Where the browser downloads the holder's PDF (same origin: the session cookie goes along). */
export const certificatePdfUrl = (code: string) => apiUrl('/api/certificates/:code/pdf', { code });

/** The public page of a certificate. */
export const verifyPath = (code: string) => `/certificados/${encodeURIComponent(code)}`;
