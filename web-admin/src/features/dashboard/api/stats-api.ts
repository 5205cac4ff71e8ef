import type { AdminStats } from '@clima/contract/admin-stats';
import { api, ApiError, readAnswer } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const logs = messages.logs;

/**
 * GET /api/admin/stats. Spec 8: a non-ok answer logs 'Não autorizado para acessar dados administrativos',
 * an exception logs 'Erro ao carregar estatísticas'; both end in the access-denied screen (a thrown error).
 */
export async function fetchAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  let res: Response;
  try {
    res = await api.raw.get('/api/admin/stats', { signal });
  } catch (err) {
    if (!signal?.aborted) console.error(logs.statsFailed, err);
    throw err;
  }
  if (!res.ok) {
    console.error(logs.statsUnauthorized);
    throw new ApiError(res.status, logs.statsUnauthorized);
  }
  try {
    return await readAnswer('GET', '/api/admin/stats', res);
  } catch (err) {
    console.error(logs.statsFailed, err);
    throw err;
  }
}
