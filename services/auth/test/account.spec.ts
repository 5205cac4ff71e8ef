import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { ASSERTION_HEADER } from '@clima/common';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../src/infra/passwords';
import { adminBrowser, assertedIdentity, Browser, bootApp, randomIp, registerUser, uniqueEmail } from './helpers';

describe('end-user account: register, sign in, me, profile, password, logout', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    ({ app } = await bootApp());
  });
  afterAll(() => app.close());

  describe('common passwords (issue 25)', () => {
    const common = 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.';

    it('refuses a new account with one of the most common passwords, after the spec\'s checks', async () => {
      const res = await new Browser(app).post('/api/auth/register', { name: 'Ana', email: uniqueEmail('comum'), password: '123456' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: common });
      // the case does not matter, and the spec's own checks come first
      expect((await new Browser(app).post('/api/auth/register', { name: 'Ana', email: uniqueEmail('comum'), password: 'Senha123' })).body).toEqual({ error: common });
      expect((await new Browser(app).post('/api/auth/register', { name: 'Ana', email: uniqueEmail('comum'), password: '12345' })).body).toEqual({
        error: 'A senha deve ter pelo menos 6 caracteres (weak-password)',
      });
      const { me } = await registerUser(app);
      const taken = await new Browser(app).post('/api/auth/register', { name: 'Ana', email: me.email, password: '123456' });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ error: 'Este e-mail já está em uso (email-already-in-use)' });
    });

    it('refuses a common new password once the current one is right; an existing common password still signs in', async () => {
      const { browser, me, password } = await registerUser(app);
      expect((await browser.put('/api/users/password', { currentPassword: 'errada-1', newPassword: 'qwerty123' })).body).toEqual({ error: 'Senha atual incorreta' });
      const res = await browser.put('/api/users/password', { currentPassword: password, newPassword: 'qwerty123' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: common });
      expect((await new Browser(app).post('/api/auth/signin', { email: me.email, password })).status).toBe(200);

      // an account whose password was set before the list existed keeps signing in with it
      const hash = await app.get(PasswordHasher).hash('123456');
      await app.get(DataSource).query('UPDATE auth.users SET password_hash = $1 WHERE id = $2', [hash, me.id]);
      expect((await new Browser(app).post('/api/auth/signin', { email: me.email, password: '123456' })).status).toBe(200);
    });
  });

  describe('register', () => {
    it('creates an e-mail account, opens a session and answers the user', async () => {
      const b = new Browser(app);
      const email = uniqueEmail('Maria.Silva');
      const res = await b.post('/api/auth/register', { name: '  Maria Silva ', email: `  ${email} `, password: 'segredo1' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^email_\d+$/),
        email: email.toLowerCase(),
        name: 'Maria Silva',
        google_user_data: null,
        subscription_status: 'inactive',
        subscription_plan: null,
        subscription_expires_at: null,
        is_admin: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        email_verified: false,
        pending_email: null,
      });
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('clima_sid='))!;
      expect(cookie).toMatch(/^clima_sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
      const me = await b.get('/api/users/me');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(res.body.id);
    });

    it('marks the cookie Secure when the site is served over https', async () => {
      const { app: secureApp } = await bootApp({ PUBLIC_URL: 'https://climapro.com.br' });
      try {
        const res = await new Browser(secureApp).post('/api/auth/register', { name: 'Ana', email: uniqueEmail('https'), password: 'segredo1' });
        expect(res.status).toBe(201);
        expect((res.headers['set-cookie'] as unknown as string[])[0]).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/);
      } finally {
        await secureApp.close();
      }
    });

    it.each([
      [{ name: '', email: 'a@b.com', password: '123456' }, 'Nome é obrigatório'],
      [{ name: '   ', email: '', password: '' }, 'Nome é obrigatório'],
      [{ email: 'a@b.com', password: '123456' }, 'Nome é obrigatório'],
      [{ name: 'Ana', email: '  ', password: '123456' }, 'E-mail é obrigatório'],
      [{ name: 'Ana', email: '', password: '1' }, 'E-mail é obrigatório'],
      [{ name: 'Ana', email: 'sem-arroba', password: '123456' }, 'E-mail inválido (invalid-email)'],
      [{ name: 'Ana', email: 'a@b.com', password: '12345' }, 'A senha deve ter pelo menos 6 caracteres (weak-password)'],
      [{ name: 'Ana', email: 'a@b.com' }, 'A senha deve ter pelo menos 6 caracteres (weak-password)'],
      [{ name: 123, email: 'a@b.com', password: '123456' }, 'Nome é obrigatório'],
      [{ name: 'Ana', email: ['a@b.com'], password: '123456' }, 'E-mail é obrigatório'],
      [{ name: 'x'.repeat(300), email: 'a@b.com', password: '123456' }, 'Nome muito longo'],
      [{ name: 'Ana', email: `${'x'.repeat(300)}@b.com`, password: '123456' }, 'E-mail inválido (invalid-email)'],
      [{ name: 'Ana', email: 'a@b.com', password: 'x'.repeat(10_000) }, 'Senha muito longa'],
    ].map(([body, error]) => ({ body, error })))('refuses a bad body with "$error"', async ({ body, error }) => {
      const res = await new Browser(app).post('/api/auth/register', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    });

    it('refuses an e-mail already in use, whatever its case', async () => {
      const { me } = await registerUser(app);
      const res = await new Browser(app).post('/api/auth/register', { name: 'Outro', email: me.email.toUpperCase(), password: 'segredo123' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'Este e-mail já está em uso (email-already-in-use)' });
    });

    it('answers malformed JSON, a non-object body and a huge body with 400/413, never 500', async () => {
      const b = new Browser(app);
      const bad = await b.call('post', '/api/auth/register', undefined, '{"name": "Ana",');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: expect.any(String) });
      const arr = await b.call('post', '/api/auth/register', undefined, '[1,2]');
      expect(arr.status).toBe(400);
      expect(arr.body.error).toEqual(expect.any(String));
      const huge = await b.call('post', '/api/auth/register', undefined, JSON.stringify({ name: 'x'.repeat(400_000) }));
      expect(huge.status).toBe(413);
      const nul = await b.call('post', '/api/auth/signin', undefined, 'null');
      expect(nul.status).toBe(400);
    });
  });

  describe('sign in', () => {
    it('signs in with any case of the e-mail and answers the user', async () => {
      const { me, password } = await registerUser(app);
      const b = new Browser(app);
      const res = await b.post('/api/auth/signin', { email: ` ${me.email.toUpperCase()} `, password });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(me.id);
      expect((await b.get('/api/users/me')).body.email).toBe(me.email);
    });

    it('tells an unknown e-mail from a wrong password with the spec codes', async () => {
      const { me } = await registerUser(app);
      const unknown = await new Browser(app).post('/api/auth/signin', { email: uniqueEmail('ninguem'), password: 'qualquer1' });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual({ error: 'Usuário não encontrado (user-not-found)' });
      const wrong = await new Browser(app).post('/api/auth/signin', { email: me.email, password: 'errada123' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'Senha incorreta (wrong-password)' });
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it.each([
      [{ email: '', password: 'x' }, 'E-mail é obrigatório'],
      [{ password: 'x' }, 'E-mail é obrigatório'],
      [{ email: 'a@b.com', password: '' }, 'Senha é obrigatória'],
      [{ email: 'a@b.com' }, 'Senha é obrigatória'],
      [{ email: 'a@b.com', password: 42 }, 'Senha é obrigatória'],
    ].map(([body, error]) => ({ body, error })))('refuses a bad body with "$error"', async ({ body, error }) => {
      const res = await new Browser(app).post('/api/auth/signin', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    });

    it('failures of an account from many addresses slow it down but never refuse its right password', async () => {
      const { me, password } = await registerUser(app);
      for (let i = 0; i < 12; i++) {
        // each attempt from another address: none of them is backing off
        const b = new Browser(app);
        expect((await b.post('/api/auth/signin', { email: me.email, password: 'errada123' })).status).toBe(401);
      }
      const res = await new Browser(app).post('/api/auth/signin', { email: me.email, password });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(me.id);
    });

    it('an address that keeps failing on an account waits, with a 429 in Portuguese and Retry-After, even with the right password', async () => {
      const { me, password } = await registerUser(app);
      const b = new Browser(app);
      for (let i = 0; i < 5; i++) expect((await b.post('/api/auth/signin', { email: me.email, password: 'errada123' })).status).toBe(401);
      const res = await b.post('/api/auth/signin', { email: me.email, password });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });

    it('50 failures on other accounts from one address do not refuse a right password of an untouched account from it', async () => {
      const office = randomIp();
      for (let i = 0; i < 50; i += 10) {
        // in batches: once several accounts failed, the address's answers are slowed down
        const batch = Array.from({ length: 10 }, () => new Browser(app, office).post('/api/auth/signin', { email: uniqueEmail('tentativa'), password: 'x' }));
        for (const res of await Promise.all(batch)) expect(res.status).toBe(401);
      }
      const { me, password } = await registerUser(app);
      const res = await new Browser(app, office).post('/api/auth/signin', { email: me.email, password });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(me.id);
    });

    it('a success clears the counters of the account and address', async () => {
      const { me, password } = await registerUser(app);
      const b = new Browser(app);
      // four failures are free; eight from this address would make the next attempt wait
      for (let i = 0; i < 4; i++) expect((await b.post('/api/auth/signin', { email: me.email, password: 'errada123' })).status).toBe(401);
      expect((await b.post('/api/auth/signin', { email: me.email, password })).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await b.post('/api/auth/signin', { email: me.email, password: 'errada123' })).status).toBe(401);
      expect((await b.post('/api/auth/signin', { email: me.email, password })).status).toBe(200);
    });
  });

  describe('me and logout', () => {
    it('answers 401 with an error to an anonymous caller', async () => {
      const res = await new Browser(app).get('/api/users/me');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Você precisa estar logado' });
    });

    it.each(['/api/users/me', '/api/session'])('%s answers a signed-in caller with the platform headers, the request id and no cookie when none is due', async (path) => {
      const { browser, me } = await registerUser(app);
      const id = await browser.identity('GET', path);
      const res = await request(app.getHttpServer())
        .get(path)
        .set(ASSERTION_HEADER, String(id.headers[ASSERTION_HEADER]))
        .set('Cookie', browser.cookieHeader)
        .set('X-Request-Id', 'pedido-123')
        .expect(200);
      expect(res.headers).toMatchObject({ 'x-request-id': 'pedido-123', 'x-service': 'auth', 'cache-control': 'no-store', vary: 'Cookie', 'content-type': 'application/json; charset=utf-8' });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      const user = path === '/api/users/me' ? res.body : res.body.user;
      expect(user).toMatchObject({ id: me.id, email: me.email, subscription_status: 'inactive', is_admin: false });
      if (path === '/api/session') expect(res.body.admin).toBeNull();
    });

    it('answers 401 to a signed-in identity whose session was ended meanwhile, or whose account is gone', async () => {
      const { browser, me } = await registerUser(app);
      const id = String((await browser.identity()).headers[ASSERTION_HEADER]);
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        // the identity was asserted a moment ago, the session is deleted since (a sign-out on another tab)
        await redis.del(`${process.env.KEY_PREFIX}:auth:sess:${browser.cookies.get('clima_sid')}`);
        const ended = await request(app.getHttpServer()).get('/api/users/me').set(ASSERTION_HEADER, id).set('Cookie', browser.cookieHeader).expect(401);
        expect(ended.body).toEqual({ error: 'Você precisa estar logado' });
        const other = await registerUser(app);
        const otherId = String((await other.browser.identity()).headers[ASSERTION_HEADER]);
        await app.get(DataSource).query(`DELETE FROM auth.users WHERE id = $1`, [other.me.id]);
        const gone = await request(app.getHttpServer()).get('/api/session').set(ASSERTION_HEADER, otherId).set('Cookie', other.browser.cookieHeader).expect(200);
        expect(gone.body).toEqual({ user: null, admin: null });
        expect(me.id).not.toBe(other.me.id);
      } finally {
        redis.disconnect();
      }
    });

    it('logout deletes the server-side session and clears the cookie', async () => {
      const { browser } = await registerUser(app);
      const stolen = browser.cookieHeader;
      const res = await browser.get('/api/logout');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((res.headers['set-cookie'] as unknown as string[])[0]).toMatch(/^clima_sid=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
      expect((await browser.get('/api/users/me')).status).toBe(401);
      // the old cookie value is dead on the server too
      const replay = await request(app.getHttpServer()).get('/internal/identity').set('Cookie', stolen);
      expect(assertedIdentity(replay).user).toBeNull();
    });

    it('logout without a session still answers success', async () => {
      const res = await new Browser(app).get('/api/logout');
      expect(res.status).toBe(200);
    });

    it('sign-in replaces the session the browser had', async () => {
      const { browser, me, password } = await registerUser(app);
      const before = browser.cookieHeader;
      await browser.post('/api/auth/signin', { email: me.email, password });
      expect(browser.cookieHeader).not.toBe(before);
      const old = await request(app.getHttpServer()).get('/internal/identity').set('Cookie', before);
      expect(assertedIdentity(old).user).toBeNull();
    });

    // the session check of the web apps renews it exactly as /api/users/me does
    it.each(['/api/users/me', '/api/session'])('%s renews a session that has used more than half of its lifetime', async (path) => {
      const { browser } = await registerUser(app);
      const sid = browser.cookies.get('clima_sid')!;
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        const key = `${process.env.KEY_PREFIX}:auth:sess:${sid}`;
        await redis.expire(key, 3600);
        const res = await browser.get(path);
        expect(res.status).toBe(200);
        expect((res.headers['set-cookie'] as unknown as string[])[0]).toContain(`clima_sid=${sid}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`);
        expect(await redis.ttl(key)).toBeGreaterThan(3600);
      } finally {
        redis.disconnect();
      }
    });
  });

  describe('session check (GET /api/session)', () => {
    it('answers an anonymous caller 200 with nulls, never cached', async () => {
      const res = await new Browser(app).get('/api/session');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({ user: null, admin: null });
    });

    it('answers the same user as /api/users/me, and null once signed out', async () => {
      const { browser, me } = await registerUser(app);
      const session = await browser.get('/api/session');
      expect(session.status).toBe(200);
      expect(session.body).toEqual({ user: (await browser.get('/api/users/me')).body, admin: null });
      expect(session.body.user.id).toBe(me.id);
      await browser.get('/api/logout');
      expect((await browser.get('/api/session')).body).toEqual({ user: null, admin: null });
    });

    it('answers the administrator of an admin session', async () => {
      const { browser, admin } = await adminBrowser(app);
      const res = await browser.get('/api/session');
      expect(res.body).toEqual({ user: null, admin: { id: String(admin.id), username: admin.username, kind: 'administrator' } });
      expect(res.body.admin).toEqual((await browser.get('/api/admin/auth/me')).body);
    });
  });

  describe('profile', () => {
    it('updates the trimmed name at once; the identity follows', async () => {
      const { browser, me } = await registerUser(app);
      const res = await browser.put('/api/users/profile', { name: '  João Técnico  ', email: `  ${me.email.toUpperCase()}  ` });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'Perfil atualizado com sucesso!', user: { name: 'João Técnico', email: me.email, pending_email: null } });
      expect(assertedIdentity(await browser.identity()).user).toMatchObject({ name: 'João Técnico', email: me.email });
    });

    it('a new e-mail waits for its verification link: the current one stays (services/auth/test/account-recovery.spec.ts follows the link)', async () => {
      const { browser, me } = await registerUser(app);
      const email = uniqueEmail('novo');
      const res = await browser.put('/api/users/profile', { name: '  João Técnico  ', email: `  ${email}  ` });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, user: { name: 'João Técnico', email: me.email, pending_email: email } });
      expect(res.body.message).toMatch(/^Enviamos um link de confirmação para o novo e-mail/);
      expect(assertedIdentity(await browser.identity()).user).toMatchObject({ name: 'João Técnico', email: me.email });
    });

    it.each([
      [{ name: '  ', email: 'a@b.com' }, 'Nome é obrigatório'],
      [{ email: 'a@b.com' }, 'Nome é obrigatório'],
      [{ name: 'Ana', email: '   ' }, 'E-mail é obrigatório'],
      [{ name: 'Ana' }, 'E-mail é obrigatório'],
      [{ name: 'Ana', email: 'nao-e-email' }, 'E-mail inválido'],
      [{ name: 'x'.repeat(256), email: 'a@b.com' }, 'Nome muito longo'],
    ].map(([body, error]) => ({ body, error })))('refuses a bad body with "$error"', async ({ body, error }) => {
      const { browser } = await registerUser(app);
      const res = await browser.put('/api/users/profile', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    });

    it('refuses an e-mail that belongs to another account', async () => {
      const other = await registerUser(app);
      const { browser } = await registerUser(app);
      const res = await browser.put('/api/users/profile', { name: 'Ana', email: other.me.email.toUpperCase() });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'Este e-mail já está em uso (email-already-in-use)' });
    });

    it('requires a session', async () => {
      const res = await new Browser(app).put('/api/users/profile', { name: 'Ana', email: 'a@b.com' });
      expect(res.status).toBe(401);
    });
  });

  describe('password', () => {
    it('changes the password and ends the other sessions; this browser stays signed in', async () => {
      const { browser, me, password } = await registerUser(app);
      const other = new Browser(app);
      expect((await other.post('/api/auth/signin', { email: me.email, password })).status).toBe(200);
      const res = await browser.put('/api/users/password', { currentPassword: password, newPassword: 'nova-senha-1' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Senha alterada com sucesso!' });
      expect((await browser.get('/api/users/me')).status).toBe(200);
      expect((await other.get('/api/users/me')).status).toBe(401);
      expect((await new Browser(app).post('/api/auth/signin', { email: me.email, password })).status).toBe(401);
      expect((await new Browser(app).post('/api/auth/signin', { email: me.email, password: 'nova-senha-1' })).status).toBe(200);
    });

    it('gives the caller a new session id: the old one (a copy kept by someone else) no longer works', async () => {
      const { browser, password } = await registerUser(app);
      const oldSid = browser.cookies.get('clima_sid')!;
      expect(oldSid).toBeTruthy();
      const res = await browser.put('/api/users/password', { currentPassword: password, newPassword: 'nova-senha-2' });
      expect(res.status).toBe(200);
      const newSid = browser.cookies.get('clima_sid');
      expect(newSid).toBeTruthy();
      expect(newSid).not.toBe(oldSid);
      expect((await browser.get('/api/users/me')).status).toBe(200);
      const copy = new Browser(app);
      copy.cookies.set('clima_sid', oldSid);
      expect((await copy.get('/api/users/me')).status).toBe(401);
    });

    it.each([
      [{ currentPassword: '', newPassword: 'abcdef' }, 400, 'Senha atual é obrigatória'],
      [{ newPassword: 'abcdef' }, 400, 'Senha atual é obrigatória'],
      [{ currentPassword: 'x', newPassword: '12345' }, 400, 'Nova senha deve ter pelo menos 6 caracteres'],
      [{ currentPassword: 'x', newPassword: null }, 400, 'Nova senha deve ter pelo menos 6 caracteres'],
      [{ currentPassword: 'errada-1', newPassword: 'abcdefg' }, 400, 'Senha atual incorreta'],
    ].map(([body, status, error]) => ({ body, status, error })))('refuses a bad body with $status "$error"', async ({ body, status, error }) => {
      const { browser } = await registerUser(app);
      const res = await browser.put('/api/users/password', body);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error });
    });
  });
});
