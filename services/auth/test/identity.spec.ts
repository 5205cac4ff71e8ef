import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { ASSERTION_HEADER } from '@clima/common';
import { COOKIES, readCookie } from '../src/infra/cookies';
import { SessionStore } from '../src/sessions/session.store';
import { adminBrowser, assertedIdentity, bootApp, Browser, fromAddress, GATEWAY_TOKEN, registerUser, uniqueEmail } from './helpers';

const EMPTY = { user: null, admin: null };
/** The identity a browser's next request is given. */
const idOf = async (b: Browser) => assertedIdentity(await b.identity());

describe('GET /internal/identity (nginx auth_request)', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    ({ app } = await bootApp({ ALLOWED_ORIGINS: 'https://parceiro.climapro.com.br' }));
  });
  afterAll(() => app.close());

  it('answers an anonymous caller with a signed empty identity that carries the address', async () => {
    const browser = new Browser(app);
    const res = await browser.identity();
    expect(res.status).toBe(204);
    expect(assertedIdentity(res)).toEqual({ ...EMPTY, ip: browser.ip });
  });

  it('believes a client address only from the gateway: a direct caller with a forged X-Real-IP is its own address', async () => {
    const forged = '203.0.113.77';
    for (const headers of [{ 'X-Real-IP': forged }, { 'X-Real-IP': forged, 'X-Gateway-Token': 'x'.repeat(GATEWAY_TOKEN.length) }, { 'X-Real-IP': forged, 'X-Gateway-Token': '' }]) {
      const res = await request(app.getHttpServer()).get('/internal/identity').set(headers);
      expect(res.status).toBe(204);
      expect(assertedIdentity(res).ip).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
    }
    const gateway = await request(app.getHttpServer()).get('/internal/identity').set(fromAddress(forged));
    expect(assertedIdentity(gateway).ip).toBe(forged);
  });

  it('a direct caller rotating forged addresses stays one address for the limits', async () => {
    const { app: limited } = await bootApp({ REGISTER_MAX_PER_IP: '2', RATE_LIMIT_EXEMPT_NETWORKS: '' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        // what nginx would do, but with an X-Real-IP of the caller's choosing and no gateway token
        const id = await request(limited.getHttpServer()).get('/internal/identity').set('X-Original-Method', 'POST').set('X-Real-IP', `198.51.100.${i + 1}`);
        const res = await request(limited.getHttpServer())
          .post('/api/auth/register')
          .set(ASSERTION_HEADER, String(id.headers[ASSERTION_HEADER]))
          .send({ name: 'Forjado', email: uniqueEmail('forjado'), password: 'segredo123' });
        statuses.push(res.status);
      }
      // two registrations per address: whatever loopback registered before, the later ones are refused
      expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    } finally {
      await limited.close();
    }
  });

  it('treats unknown, forged or malformed cookies as anonymous', async () => {
    for (const cookie of ['clima_sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'clima_sid=../../etc', 'clima_asid=1; clima_sid=', 'garbage', `clima_sid=${'x'.repeat(5000)}`]) {
      const res = await request(app.getHttpServer()).get('/internal/identity').set('Cookie', cookie);
      expect(res.status).toBe(204);
      expect(assertedIdentity(res)).toMatchObject(EMPTY);
    }
  });

  it('describes a signed-in user (accented names intact)', async () => {
    const { browser, me } = await registerUser(app, { name: 'José Ação' });
    const res = await browser.identity();
    expect(res.status).toBe(204);
    expect(assertedIdentity(res)).toEqual({
      user: { id: me.id, email: me.email, name: 'José Ação', subscriptionStatus: 'inactive', isAdmin: false },
      admin: null,
      ip: browser.ip,
    });
  });

  it('finds the session cookie among other cookies', async () => {
    const { browser, me } = await registerUser(app);
    const res = await request(app.getHttpServer())
      .get('/internal/identity')
      .set('Cookie', `_ga=GA1.2.3; xclima_sid=nope; ${browser.cookieHeader}; tema=escuro`);
    expect(assertedIdentity(res).user?.id).toBe(me.id);
  });

  it('describes an administrator session', async () => {
    const { browser, admin } = await adminBrowser(app);
    expect(await idOf(browser)).toMatchObject({ user: null, admin: { id: String(admin.id), username: admin.username } });
  });

  it('an end user with is_admin is an admin as user:<id>; removing the flag removes it at once', async () => {
    const { browser: admin } = await adminBrowser(app);
    const { browser, me } = await registerUser(app);
    expect((await browser.get('/api/admin/users')).status).toBe(403);
    expect((await admin.put(`/api/admin/users/${me.id}`, { is_admin: true })).status).toBe(200);
    expect(await idOf(browser)).toMatchObject({ user: { id: me.id, isAdmin: true }, admin: { id: `user:${me.id}`, username: me.email } });
    expect((await browser.get('/api/admin/users')).status).toBe(200);
    expect((await browser.get('/api/admin/auth/me')).body).toEqual({ id: `user:${me.id}`, username: me.email, kind: 'user' });
    expect((await admin.put(`/api/admin/users/${me.id}`, { is_admin: false })).status).toBe(200);
    expect(await idOf(browser)).toMatchObject({ user: { isAdmin: false }, admin: null });
    expect((await browser.get('/api/admin/users')).status).toBe(403);
  });

  it('an admin change of the subscription shows in the identity at once', async () => {
    const { browser: admin } = await adminBrowser(app);
    const { browser, me } = await registerUser(app);
    expect((await idOf(browser)).user?.subscriptionStatus).toBe('inactive');
    await admin.put(`/api/admin/users/${me.id}`, { subscription_status: 'active', subscription_plan: 'monthly' });
    expect((await idOf(browser)).user?.subscriptionStatus).toBe('active');
  });

  it('a deleted user is anonymous at once', async () => {
    const { browser: admin } = await adminBrowser(app);
    const { browser, me } = await registerUser(app);
    expect((await idOf(browser)).user?.id).toBe(me.id);
    expect((await admin.del(`/api/admin/users/${me.id}`)).status).toBe(200);
    expect((await idOf(browser)).user).toBeNull();
  });

  it('a direct change in the database shows once the identity caches expire (IDENTITY_CACHE_SECONDS, IDENTITY_REDIS_SECONDS)', async () => {
    const { app: short } = await bootApp({ IDENTITY_CACHE_SECONDS: '1', IDENTITY_REDIS_SECONDS: '1' });
    try {
      const { browser, me } = await registerUser(short);
      expect((await idOf(browser)).user?.subscriptionStatus).toBe('inactive');
      await short.get(DataSource).query(`UPDATE auth.users SET subscription_status = 'active' WHERE id = $1`, [me.id]);
      for (let i = 0; i < 50; i++) {
        if ((await idOf(browser)).user?.subscriptionStatus === 'active') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await idOf(browser)).user?.subscriptionStatus).toBe('active');
    } finally {
      await short.close();
    }
  });

  it('keeps an identity in Redis, and never stores one read from Postgres before a revoking change', async () => {
    const { browser, me } = await registerUser(app);
    const sid = readCookie(browser.cookieHeader, COOKIES.user)!;
    const sessions = app.get(SessionStore);
    await idOf(browser);
    const cached = await sessions.resolve(sid, undefined);
    expect(cached.userId).toBe(me.id);
    expect(JSON.parse(cached.userIdentity!)).toMatchObject({ id: me.id, subscriptionStatus: 'inactive' });

    // a check that began before the change: its Postgres read may be the old row, so it must not be kept
    await sessions.forgetIdentity('user', me.id);
    const before = await sessions.resolve(sid, undefined);
    expect(before.userIdentity).toBeNull();
    await app.get(DataSource).query(`UPDATE auth.users SET subscription_status = 'active' WHERE id = $1`, [me.id]);
    await sessions.forgetIdentity('user', me.id);
    await sessions.cacheIdentity('user', me.id, { ...JSON.parse(cached.userIdentity!), subscriptionStatus: 'inactive' }, before.epoch);
    expect((await sessions.resolve(sid, undefined)).userIdentity).toBeNull();
    expect((await idOf(browser)).user?.subscriptionStatus).toBe('active');
    expect(JSON.parse((await sessions.resolve(sid, undefined)).userIdentity!)).toMatchObject({ subscriptionStatus: 'active' });
  });

  describe('Origin check on state-changing requests', () => {
    it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses %s from a foreign origin with 403', async (method) => {
      const res = await request(app.getHttpServer())
        .get('/internal/identity')
        .set('X-Original-Method', method)
        .set('X-Original-URI', '/api/users/profile')
        .set('Origin', 'https://evil.example');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Origem da requisição não permitida' });
    });

    it.each([
      ['POST', 'http://localhost:8080'],
      ['POST', 'https://parceiro.climapro.com.br'],
      ['PUT', undefined],
      ['GET', 'https://evil.example'],
      ['HEAD', 'https://evil.example'],
    ])('lets %s with Origin %s through', async (method, origin) => {
      const req = request(app.getHttpServer()).get('/internal/identity').set('X-Original-Method', method);
      if (origin) req.set('Origin', origin);
      expect((await req).status).toBe(204);
    });

    it('refuses the opaque "null" origin and a look-alike host', async () => {
      for (const origin of ['null', 'http://localhost:8080.evil.example', 'http://localhost:8081']) {
        const res = await request(app.getHttpServer()).get('/internal/identity').set('X-Original-Method', 'POST').set('Origin', origin);
        expect(res.status).toBe(403);
      }
    });

    it('refuses a signed-in user\'s cross-site profile change before it reaches the route', async () => {
      const { browser } = await registerUser(app);
      browser.origin = 'https://evil.example';
      const res = await browser.put('/api/users/profile', { name: 'Hacker', email: 'h@evil.example' });
      expect(res.status).toBe(403);
    });
  });
});
