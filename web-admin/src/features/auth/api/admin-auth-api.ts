import type { AdminLoginBody } from '@clima/contract/auth';
import { api } from '../../../lib/api';

/** POST /api/admin/auth/login: true on success. */
export async function adminLoginRequest(body: AdminLoginBody): Promise<boolean> {
  const res = await api.raw.post('/api/admin/auth/login', { body });
  return res.ok;
}

export async function adminLogoutRequest(): Promise<void> {
  const res = await api.raw.post('/api/admin/auth/logout');
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}
