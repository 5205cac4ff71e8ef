import type { Administrator } from '@clima/contract/auth';
import { api, withQuery } from '../../../lib/api';

export async function fetchAdministrators(search: string, signal?: AbortSignal): Promise<Administrator[]> {
  const data = await api<unknown>(withQuery('/api/admin/administrators', { search }), { signal });
  return Array.isArray(data) ? (data as Administrator[]) : [];
}

export const createAdministrator = (body: { username: string; password: string }) =>
  api('/api/admin/administrators', { method: 'POST', body });

/** A blank password keeps the current one. */
export const updateAdministrator = (id: number, body: { username: string; password: string }) =>
  api(`/api/admin/administrators/${id}`, { method: 'PUT', body });

export const deleteAdministrator = (id: number) => api(`/api/admin/administrators/${id}`, { method: 'DELETE' });
