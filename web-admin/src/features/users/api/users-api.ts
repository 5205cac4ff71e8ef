import type { AdminUserUpdateBody, AdminUserView } from '@clima/contract/auth';
import { api, asList } from '../../../lib/api';

export async function fetchAdminUsers(filters: { search: string; status: string }, signal?: AbortSignal): Promise<AdminUserView[]> {
  return asList(api.get('/api/admin/users', { query: { search: filters.search, status: filters.status }, signal }));
}

/** What the edit dialog sends: the edited subscription fields plus the user's other fields (spec 7.3). */
export type UserUpdate = Pick<AdminUserUpdateBody, 'name' | 'email' | 'is_admin'> & {
  subscription_status: string;
  subscription_plan: 'monthly' | 'annual' | null;
};

// the dialog's status comes from its select as text; the server checks it against the contract
export const updateAdminUser = (id: string, body: UserUpdate) =>
  api.put('/api/admin/users/:id', { params: { id }, body: body as AdminUserUpdateBody });

export const deleteAdminUser = (id: string) => api.delete('/api/admin/users/:id', { params: { id } });
