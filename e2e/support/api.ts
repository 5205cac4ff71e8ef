import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A fresh, unique end user (nothing is shared between tests). */
export function newUser(prefix = 'tecnico'): TestUser {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { name: `Técnico ${id}`, email: `${prefix}.${id}@e2e.clima.test`, password: `senha-${id}` };
}

/** Seeds an end user through the API (POST /api/auth/register). */
export async function registerUser(request: APIRequestContext, user: TestUser = newUser()): Promise<TestUser> {
  const res = await request.post('/api/auth/register', {
    data: { name: user.name, email: user.email, password: user.password },
  });
  if (!res.ok()) throw new Error(`register ${user.email}: HTTP ${res.status()} ${await res.text()}`);
  return user;
}

/** The administrator the global setup created; a run without one is a broken setup, never a reason to skip. */
export function adminCredentials(): { username: string; password: string } {
  const username = process.env.E2E_ADMIN_USERNAME;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!username || !password) throw new Error('E2E_ADMIN_USERNAME and E2E_ADMIN_PASSWORD are not set (e2e/global-setup.ts sets them)');
  return { username, password };
}

/** The same administrator, read when used (test files load before the global setup has run). */
export const admin = {
  get username(): string {
    return adminCredentials().username;
  },
  get password(): string {
    return adminCredentials().password;
  },
  toJSON(): { username: string; password: string } {
    return adminCredentials();
  },
};

/** An API client signed in as the administrator (its own cookie jar); the caller disposes of it. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/admin/auth/login', { data: adminCredentials() });
  expect(res.ok(), await res.text()).toBeTruthy();
  return api;
}

/** Turns an end user's subscription on, as an administrator does in the panel (PUT /api/admin/users/{id}). */
export async function activateSubscription(adm: APIRequestContext, userId: string): Promise<void> {
  const put = await adm.put(`/api/admin/users/${encodeURIComponent(userId)}`, { data: { subscription_status: 'active', subscription_plan: 'monthly' } });
  expect(put.ok(), await put.text()).toBeTruthy();
}

/** A new end user (`user`, or a fresh one) registered through the API, with an active subscription when `active` (set by the administrator). */
export async function seedTestUser(baseURL: string, prefix: string, active: boolean, user: TestUser = newUser(prefix)): Promise<TestUser> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await api.post('/api/auth/register', { data: user });
    expect(res.ok(), await res.text()).toBe(true);
    if (active) {
      const adm = await adminApi(baseURL);
      try {
        await activateSubscription(adm, ((await res.json()) as { id: string }).id);
      } finally {
        await adm.dispose();
      }
    }
  } finally {
    await api.dispose();
  }
  return user;
}
