/**
 * The callers the suites act as, seeded through the API: users register themselves; the administrator
 * (created by the platform's seed step from ADMIN_USERNAME/ADMIN_PASSWORD) makes one user an active
 * subscriber and another an end user with the is_admin flag.
 */
import { randomBytes } from 'node:crypto';
import { cookieOf, TestPlatform } from './platform';

export type Role = 'anonymous' | 'inactive' | 'subscriber' | 'other' | 'administrator' | 'userAdmin';
export const ROLES: Role[] = ['anonymous', 'inactive', 'subscriber', 'other', 'administrator', 'userAdmin'];

export interface Caller {
  role: Role;
  cookie: string;
  /** End user id (none for anonymous and the administrator account). */
  userId?: string;
  email?: string;
  password?: string;
}

export async function registerUser(t: TestPlatform, tag: string): Promise<Required<Pick<Caller, 'cookie' | 'userId' | 'email' | 'password'>>> {
  const email = `rel-${tag}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'segredo123';
  const res = await t.call('POST', '/api/auth/register', { body: { name: `Técnico ${tag}`, email, password } });
  if (res.status >= 300) throw new Error(`register ${tag}: ${res.status} ${res.text}`);
  return { cookie: cookieOf(res), userId: String(res.json.id), email, password };
}

export async function adminLogin(t: TestPlatform): Promise<string> {
  const res = await t.call('POST', '/api/admin/auth/login', { body: t.admin });
  if (res.status !== 200) throw new Error(`admin login: ${res.status} ${res.text}`);
  return cookieOf(res);
}

/** Changes a user through the admin API (PUT /api/admin/users/:id). */
export async function adminUpdateUser(t: TestPlatform, adminCookie: string, userId: string, body: Record<string, unknown>): Promise<void> {
  const res = await t.call('PUT', `/api/admin/users/${encodeURIComponent(userId)}`, { cookie: adminCookie, body });
  if (res.status !== 200) throw new Error(`admin update ${userId}: ${res.status} ${res.text}`);
}

export const ACTIVE = () => ({
  subscription_status: 'active',
  subscription_plan: 'monthly',
  subscription_expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
});

/** Every role of the matrix, ready to call. */
export async function seedRoles(t: TestPlatform): Promise<Record<Role, Caller>> {
  const administrator = await adminLogin(t);
  const [inactive, subscriber, other, userAdmin] = [
    await registerUser(t, 'inactive'),
    await registerUser(t, 'subscriber'),
    await registerUser(t, 'other'),
    await registerUser(t, 'useradmin'),
  ];
  await adminUpdateUser(t, administrator, subscriber.userId, ACTIVE());
  // no wait: a change shows on the very next request
  await adminUpdateUser(t, administrator, userAdmin.userId, { is_admin: true });
  return {
    anonymous: { role: 'anonymous', cookie: '' },
    inactive: { role: 'inactive', ...inactive },
    subscriber: { role: 'subscriber', ...subscriber },
    other: { role: 'other', ...other },
    administrator: { role: 'administrator', cookie: administrator },
    userAdmin: { role: 'userAdmin', ...userAdmin },
  };
}
