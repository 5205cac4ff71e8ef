import type { AdminUserUpdateBody, AdminUserView } from '@clima/contract/auth';
import { api, withQuery } from '../../../lib/api';

export async function fetchAdminUsers(filters: { search: string; status: string }, signal?: AbortSignal): Promise<AdminUserView[]> {
  const data = await api<unknown>(withQuery('/api/admin/users', { search: filters.search, status: filters.status }), { signal });
  return Array.isArray(data) ? (data as AdminUserView[]) : [];
}

/** What the edit dialog sends: the edited subscription fields plus the user's other fields (spec 7.3). */
export type UserUpdate = Pick<AdminUserUpdateBody, 'name' | 'email' | 'is_admin'> & {
  subscription_status: string;
  subscription_plan: 'monthly' | 'annual' | null;
};

export const updateAdminUser = (id: string, body: UserUpdate) =>
  api(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const deleteAdminUser = (id: string) => api(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
