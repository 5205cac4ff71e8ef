/**
 * The real nginx in front of the real services (built from dist), on this run's database and key prefix:
 * every path of the route table reaches its owner, identity comes only from the auth service, and the
 * gateway's own answers (404, 413, refused Origin) are JSON.
 */
import { Client } from 'pg';
import { fillPath, ROUTES } from '../src/routes';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform, testPlatformEnv } = require('../../infra/platform.cjs') as typeof import('../../infra/platform.cjs');
import type { Platform } from '../../infra/platform.cjs';

jest.setTimeout(120_000);

let platform: Platform;
let base: string;

async function call(method: string, path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> };
}

function cookieOf(res: { headers: Headers }): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function registerUser(tag: string) {
  const email = `gw-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await call('POST', '/api/auth/register', { body: { name: `Gateway ${tag}`, email, password: 'segredo123' } });
  expect(res.status).toBeLessThan(300);
  return { email, cookie: cookieOf(res), id: (res.json as { id: string }).id };
}

async function sql(query: string, params: unknown[] = []) {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query(query, params);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const env = await testPlatformEnv({ DATABASE_URL: process.env.DATABASE_URL!, KEY_PREFIX: process.env.KEY_PREFIX!, IDENTITY_CACHE_SECONDS: '1' });
  platform = await startPlatform({ env, install: false, build: false, seed: false });
  base = `http://127.0.0.1:${env.GATEWAY_PORT}`;
});

afterAll(async () => {
  await platform?.stop();
});

describe('route table through the real nginx', () => {
  it('brings every route to the service that owns it', async () => {
    const wrong: string[] = [];
    for (const r of ROUTES) {
      const res = await call(r.method, fillPath(r.path, { id: 999999, lessonId: 999999, name: 'nao-existe.mp4' }), {
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      const expected = platform.services.includes(r.service) ? r.service : null;
      const got = res.headers.get('x-service');
      if (expected ? got !== expected : res.status !== 503) wrong.push(`${r.method} ${r.path}: ${got ?? res.status} (esperado ${expected ?? 503})`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers unknown /api paths and the internal identity path with 404 JSON', async () => {
    const a = await call('GET', '/api/nao-existe');
    expect(a.status).toBe(404);
    expect(a.json).toEqual({ error: 'Rota não encontrada' });
    expect((await call('GET', '/internal/identity')).status).toBe(404);
    expect((await call('GET', '/_identity')).status).not.toBe(200);
  });

  it('refuses bodies over the limit with 413 JSON before they reach a service', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.c', password: 'segredo123' });
    const res = await call('POST', '/api/auth/register', { body: big });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: 'Conteúdo muito grande' });
  });

  it('adds a request id and the security headers', async () => {
    const res = await call('GET', '/api/users/me');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it("puts the security headers and a JSON type on nginx's own errors too, whatever the path's extension", async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const answers = [
      await call('GET', '/api/nao-existe/manual.pdf'),
      await call('GET', '/assets/nao-existe.pdf'),
      await call('GET', '/admin-remote/nao-existe.js'),
      await call('GET', '/internal/identity'),
      await call('POST', '/api/auth/register', { body: big }),
      await call('GET', '/api/%00'),
    ];
    for (const res of answers) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(typeof res.json.error).toBe('string');
    }
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 413, 400]);
  });

  it('marks personalised answers private and never stored', async () => {
    const user = await registerUser('private');
    const me = await call('GET', '/api/users/me', { headers: { cookie: user.cookie } });
    expect(me.headers.get('cache-control')).toMatch(/no-store/);
    const stats = await call('GET', '/api/users/me/stats', { headers: { cookie: user.cookie } });
    expect(stats.headers.get('cache-control')).toBe('private, no-store');
    expect(stats.headers.get('vary')).toMatch(/Cookie/);
  });
});

describe('identity', () => {
  it('comes from the session cookie, never from headers a client sends', async () => {
    const user = await registerUser('forge');
    const forged = { 'x-user-id': user.id, 'x-user-status': 'active', 'x-admin-id': '1', 'x-admin-username': 'admin', 'x-user-is-admin': '1' };
    expect((await call('GET', '/api/admin/users', { headers: forged })).status).toBe(401);
    expect((await call('GET', '/api/admin/administrators', { headers: forged })).status).toBe(401);
    // signed in, but not an admin and not active: the forged headers change nothing
    expect((await call('GET', '/api/admin/users', { headers: { ...forged, cookie: user.cookie } })).status).toBe(403);
    if (platform.services.includes('courses')) {
      expect((await call('GET', '/api/courses/1', { headers: forged })).status).toBe(401);
      expect((await call('GET', '/api/courses/1', { headers: { ...forged, cookie: user.cookie } })).status).toBe(403);
    }
  });

  it('reaches the owning service with the right user', async () => {
    const user = await registerUser('me');
    const me = await call('GET', '/api/users/me', { headers: { cookie: user.cookie } });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(user.email);
    if (platform.services.includes('ranking')) {
      expect((await call('GET', '/api/users/me/stats')).status).toBe(401);
      expect((await call('GET', '/api/users/me/stats', { headers: { cookie: user.cookie } })).status).toBe(200);
    }
  });

  it('lets an end user with the is_admin flag use admin routes, and takes it away within seconds', async () => {
    const user = await registerUser('flag');
    await sql('UPDATE auth.users SET is_admin = true WHERE id = $1', [user.id]);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await call('GET', '/api/admin/users', { headers: { cookie: user.cookie } })).status).toBe(200);
    await sql('UPDATE auth.users SET is_admin = false WHERE id = $1', [user.id]);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await call('GET', '/api/admin/users', { headers: { cookie: user.cookie } })).status).toBe(403);
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await call('POST', '/api/auth/signin', { headers: { origin: 'https://evil.example' }, body: { email: 'a@b.c', password: 'x' } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: 'Origem da requisição não permitida' });
    const same = await call('POST', '/api/auth/signin', { headers: { origin: platform.env.PUBLIC_URL }, body: { email: 'ninguem@example.com', password: 'x' } });
    expect(same.status).toBe(401);
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const user = await registerUser('logout');
    expect((await call('GET', '/api/logout', { headers: { cookie: user.cookie } })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { headers: { cookie: user.cookie } })).status).toBe(401);
  });
});
