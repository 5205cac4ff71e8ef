import type { APIRequestContext } from '@playwright/test';

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

export function adminCredentials(): { username: string; password: string } | null {
  const username = process.env.E2E_ADMIN_USERNAME;
  const password = process.env.E2E_ADMIN_PASSWORD;
  return username && password ? { username, password } : null;
}
