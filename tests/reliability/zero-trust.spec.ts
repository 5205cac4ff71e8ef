/**
 * Zero trust inside the platform, on the real services behind the real nginx:
 * - the third door: every route of the table called straight on its service's port, with every way a
 *   caller could claim an identity (the identity header names of old, a forged client address, an
 *   assertion signed by another key, an expired one signed by the right key) is never let through;
 * - revocation: logout, a password change, an administrator deleted, is_admin removed and a
 *   subscription ended are refused on the very next request, on a GET route and on a POST route.
 */
import { signAssertion, signingKeyFromEnv, type Identity } from '@clima/common';
import { fillPath, Route, ROUTES } from '../../gateway/src/routes';
import { Answer, call, cookieOf, startTestPlatform, TestPlatform } from './support/platform';
import { ACTIVE, adminLogin, adminUpdateUser, registerUser } from './support/roles';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const infra = require('../../infra/platform.cjs') as typeof import('../../infra/platform.cjs');

jest.setTimeout(300_000);

let t: TestPlatform;
let real: { content: number; course: number; lesson: number };

beforeAll(async () => {
  t = await startTestPlatform({ tag: 'zerotrust', seed: true });
  const one = async (q: string) => Number((await t.sql<{ v: number }>(q))[0]?.v ?? 999999);
  const course = await one(`SELECT c.id AS v FROM courses.course c JOIN courses.lesson l ON l.course_id = c.id WHERE c.is_published ORDER BY c.id LIMIT 1`);
  real = {
    content: await one(`SELECT id AS v FROM catalog.contents WHERE is_published = 1 ORDER BY id LIMIT 1`),
    course,
    lesson: await one(`SELECT id AS v FROM courses.lesson WHERE course_id = ${course} ORDER BY position LIMIT 1`),
  };
});

afterAll(async () => {
  await t?.stop();
});

const key = (r: Route) => `${r.method} ${r.path}`;

describe('the third door: straight on a service port', () => {
  /** Every identity a caller that bypassed the gateway could claim: all of them claim the most. */
  function forgeries(): Record<string, Record<string, string>> {
    const everything: Identity = {
      user: { id: 'u_forged', email: 'atacante@example.com', name: 'Atacante', subscriptionStatus: 'active', isAdmin: true },
      admin: { id: '1', username: 'admin' },
    };
    const plain = {
      'x-user-id': 'u_forged',
      'x-user-email': 'atacante%40example.com',
      'x-user-name': 'Atacante',
      'x-user-status': 'active',
      'x-user-is-admin': '1',
      'x-admin-id': '1',
      'x-admin-username': 'admin',
      'x-real-ip': '203.0.113.50',
      'x-forwarded-for': '203.0.113.50',
    };
    const otherKey = signingKeyFromEnv(infra.newIdentityKeys('k-outro').IDENTITY_PRIVATE_KEY);
    // the platform's own key id, so only the signature tells it apart
    const sameKid = signingKeyFromEnv(infra.newIdentityKeys(JSON.parse(t.env.IDENTITY_PRIVATE_KEY!).kid as string).IDENTITY_PRIVATE_KEY);
    const rightKey = signingKeyFromEnv(t.env.IDENTITY_PRIVATE_KEY!);
    const longAgo = Math.floor(Date.now() / 1000) - 3600;
    return {
      'plain identity headers': plain,
      'assertion signed by an unknown key': { 'x-identity-assertion': signAssertion(everything, '127.0.0.1', otherKey) },
      'assertion signed by another key under the same key id': { ...plain, 'x-identity-assertion': signAssertion(everything, '127.0.0.1', sameKid) },
      'expired assertion signed by the right key': { 'x-identity-assertion': signAssertion(everything, '127.0.0.1', rightKey, longAgo) },
      'assertion that is not a token': { 'x-identity-assertion': 'eyJhbGciOiJub25lIn0.eyJ1Ijp7fX0.' },
    };
  }

  it('lets no forged identity through on any non-public route of the table', async () => {
    const wrong: string[] = [];
    let checked = 0;
    const variants = forgeries();
    for (const r of ROUTES.filter((x) => x.access !== 'public')) {
      const port = t.platform.ports[r.service]!;
      const path = fillPath(r.path, { id: r.path.includes('/courses/') ? real.course : real.content, lessonId: real.lesson, name: 'nao-existe.mp4', action: 'cancel' });
      for (const [label, headers] of Object.entries(variants)) {
        const res: Answer = await call(`http://127.0.0.1:${port}`, r.method, path, { headers, body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
        checked++;
        // anonymous whatever it claims: 401 (a route the identity does not reach at all would be a 404 at worst)
        if (res.status !== 401) wrong.push(`${key(r)} na porta ${port} com ${label}: ${res.status} ${res.text.slice(0, 100)}`);
      }
    }
    process.stdout.write(`[zero-trust] ${checked} direct calls with forged identities, ${wrong.length} let through\n`);
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('still answers the same routes for the same caller through the gateway', async () => {
    const admin = await adminLogin(t);
    expect((await t.call('GET', '/api/admin/users', { cookie: admin })).status).toBe(200);
    // a client cannot smuggle its own assertion through nginx either: the gateway replaces it
    const forged = forgeries()['assertion signed by an unknown key']!;
    expect((await t.call('GET', '/api/admin/users', { headers: forged })).status).toBe(401);
  });
});

describe('revocation takes effect on the very next request', () => {
  const statsGet = (cookie: string) => t.call('GET', '/api/users/me/stats', { cookie });
  const profilePut = (cookie: string) => t.call('PUT', '/api/users/profile', { cookie, body: { name: 'Nome Novo' } });

  it('logout', async () => {
    const u = await registerUser(t, 'rev-logout');
    expect((await statsGet(u.cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/logout', { cookie: u.cookie })).status).toBe(200);
    expect((await statsGet(u.cookie)).status).toBe(401);
    expect((await profilePut(u.cookie)).status).toBe(401);
  });

  it('password change ends the other sessions', async () => {
    const u = await registerUser(t, 'rev-password');
    const signIn = await t.call('POST', '/api/auth/signin', { body: { email: u.email, password: u.password } });
    expect(signIn.status).toBe(200);
    const other = cookieOf(signIn);
    expect((await statsGet(other)).status).toBe(200);
    const change = await t.call('PUT', '/api/users/password', { cookie: u.cookie, body: { currentPassword: u.password, newPassword: 'outra-senha-9' } });
    expect(change.status).toBe(200);
    expect((await statsGet(other)).status).toBe(401);
    expect((await profilePut(other)).status).toBe(401);
    // the browser that changed it goes on under a new session id; its old one ended with the others
    expect((await statsGet(cookieOf(change))).status).toBe(200);
    expect((await statsGet(u.cookie)).status).toBe(401);
  });

  it('an administrator deleted', async () => {
    const admin = await adminLogin(t);
    const username = `rev-adm-${Date.now().toString(36)}`;
    const created = await t.call('POST', '/api/admin/administrators', { cookie: admin, body: { username, password: 'senha-forte-1' } });
    expect(created.status).toBe(201);
    const login = await t.call('POST', '/api/admin/auth/login', { body: { username, password: 'senha-forte-1' } });
    expect(login.status).toBe(200);
    const doomed = cookieOf(login);
    expect((await t.call('GET', '/api/admin/users', { cookie: doomed })).status).toBe(200);
    expect((await t.call('DELETE', `/api/admin/administrators/${String(created.json.id)}`, { cookie: admin })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/users', { cookie: doomed })).status).toBe(401);
    const write = await t.call('POST', '/api/admin/categories', { cookie: doomed, body: { name: 'Nunca', slug: `nunca-${Date.now()}`, description: 'x' } });
    expect(write.status).toBe(401);
  });

  it('is_admin removed', async () => {
    const admin = await adminLogin(t);
    const u = await registerUser(t, 'rev-flag');
    await adminUpdateUser(t, admin, u.userId, { is_admin: true });
    expect((await t.call('GET', '/api/admin/users', { cookie: u.cookie })).status).toBe(200);
    await adminUpdateUser(t, admin, u.userId, { is_admin: false });
    expect((await t.call('GET', '/api/admin/users', { cookie: u.cookie })).status).toBe(403);
    const write = await t.call('POST', '/api/admin/categories', { cookie: u.cookie, body: { name: 'Nunca', slug: `nunca-${Date.now()}`, description: 'x' } });
    expect(write.status).toBe(403);
  });

  it('a subscription ended by an administrator', async () => {
    const admin = await adminLogin(t);
    const u = await registerUser(t, 'rev-sub');
    await adminUpdateUser(t, admin, u.userId, ACTIVE());
    expect((await t.call('GET', `/api/contents/${real.content}`, { cookie: u.cookie })).status).toBe(200);
    await adminUpdateUser(t, admin, u.userId, { subscription_status: 'inactive' });
    expect((await t.call('GET', `/api/contents/${real.content}`, { cookie: u.cookie })).status).toBe(403);
    const progress = await t.call('POST', `/api/courses/${real.course}/lessons/${real.lesson}/progress`, { cookie: u.cookie, body: {} });
    expect(progress.status).toBe(403);
    const watched = await t.call('PUT', `/api/courses/${real.course}/lessons/${real.lesson}/position`, { cookie: u.cookie, body: { position: 10, duration: 60, watched: [[0, 10]] } });
    expect(watched.status).toBe(403);
  });
});
