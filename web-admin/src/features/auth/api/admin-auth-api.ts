import type { AdminLoginBody, AdminMe } from '@clima/contract/auth';
import { apiFetch } from '../../../lib/api';

/** GET /api/admin/auth/me: the admin, or null when no admin is signed in (any non-OK answer). */
export async function fetchAdminMe(): Promise<AdminMe | null> {
  const res = await apiFetch('/api/admin/auth/me');
  if (!res.ok) {
    // read the answer anyway: an unread body keeps the request open in the browser
    await res.text().catch(() => '');
    return null;
  }
  return (await res.json()) as AdminMe;
}

/** POST /api/admin/auth/login: true on success. */
export async function adminLoginRequest(body: AdminLoginBody): Promise<boolean> {
  const res = await apiFetch('/api/admin/auth/login', { method: 'POST', body });
  return res.ok;
}

export async function adminLogoutRequest(): Promise<void> {
  const res = await apiFetch('/api/admin/auth/logout', { method: 'POST' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}
