import type { Administrator } from '@clima/contract/auth';
import { api, asList } from '../../../lib/api';

export async function fetchAdministrators(search: string, signal?: AbortSignal): Promise<Administrator[]> {
  return asList(api.get('/api/admin/administrators', { query: { search }, signal }));
}

export const createAdministrator = (body: { username: string; password: string }) => api.post('/api/admin/administrators', { body });

/** A blank password keeps the current one. */
export const updateAdministrator = (id: number, body: { username: string; password: string }) =>
  api.put('/api/admin/administrators/:id', { params: { id }, body });

export const deleteAdministrator = (id: number) => api.delete('/api/admin/administrators/:id', { params: { id } });
