/**
 * LGPD self-service in the auth service: who may delete an account and how (password, typed word, a
 * fresh Google sign-in for an account without a password), what the deletion does here (row gone, the
 * same `user.deleted` fact as an administrator's delete, every session ended, the cookie cleared, the
 * confirmation delivered to a real SMTP server), and the export refusing to answer when the other
 * services do not. The whole export with every service answering is tests/reliability/privacy.spec.ts.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { bullConnection, eventQueueName } from '@clima/common';
import { PRIVACY_MESSAGES } from '@clima/contract';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MailServer, startMailServer } from '../../../infra/test/mail-server';
import { RedisKeys } from '../src/infra/redis-keys';
import { adminBrowser, bootApp, Browser, eventually, PUBLIC_ORIGIN, registerUser, unique, uniqueEmail } from './helpers';
import { CLIENT, LocalOpenIdProvider } from './oidc-provider';

jest.setTimeout(90_000);

describe('LGPD self-service: account deletion and export (auth service)', () => {
  const provider = new LocalOpenIdProvider();
  // a key prefix of its own: the mail queue of this spec is not consumed by other specs' apps
  const prefix = `${process.env.KEY_PREFIX}_${unique('priv')}`;
  let app: NestFastifyApplication;
  let mail: MailServer;
  let ds: DataSource;
  let redis: Redis;

  beforeAll(async () => {
    mail = await startMailServer();
    const issuer = await provider.start(`${PUBLIC_ORIGIN}/auth/callback`);
    ({ app } = await bootApp({
      KEY_PREFIX: prefix,
      SMTP_URL: mail.smtpUrl,
      GOOGLE_ISSUER: issuer,
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      // nothing else of the platform runs here: the parts the export asks for never answer
      EXPORT_RPC_TIMEOUT_MS: '400',
      WORKERS_IN_PROCESS: 'true',
    }));
    ds = app.get(DataSource);
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
    await provider.stop();
    await mail?.stop();
  });

  const exists = async (id: string) => (await ds.query(`SELECT 1 FROM auth.users WHERE id = $1`, [id])).length > 0;

  async function signInWithGoogle(sub: string, b = new Browser(app)) {
    const start = await b.get('/api/oauth/google/redirect_url');
    expect(start.status).toBe(200);
    const back = await provider.authorize(start.body.redirectUrl, sub);
    const res = await b.post('/api/sessions', { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
    expect(res.status).toBe(200);
    return { browser: b, me: res.body as { id: string; email: string } };
  }

  it('refuses without the typed word, without or with a wrong password, and anonymously; the account stays', async () => {
    const { browser, me, password } = await registerUser(app);
    const del = (body: unknown) => browser.call('delete', '/api/users/me', body);

    expect(await del({ password })).toMatchObject({ status: 400, body: { error: 'Digite excluir para confirmar' } });
    expect(await del({ password, confirmation: 'apagar' })).toMatchObject({ status: 400, body: { error: 'Digite excluir para confirmar' } });
    expect(await del({ confirmation: 'excluir' })).toMatchObject({ status: 400, body: { error: PRIVACY_MESSAGES.passwordRequired } });
    expect(await del({ password: 'nao-e-a-senha', confirmation: 'excluir' })).toMatchObject({ status: 400, body: { error: 'Senha incorreta' } });
    expect(await del({ password: 12345, confirmation: 'excluir' })).toMatchObject({ status: 400, body: { error: 'Senha inválida' } });
    expect(await new Browser(app).call('delete', '/api/users/me', { password, confirmation: 'excluir' })).toMatchObject({ status: 401 });

    expect(await exists(me.id)).toBe(true);
    expect((await browser.get('/api/users/me')).status).toBe(200);
  });

  it('with the password and "excluir": the account goes the admin way, every session ends, the cookie is cleared, the mail arrives', async () => {
    const email = uniqueEmail('excluir');
    const { browser, me, password } = await registerUser(app, { name: 'Maria Exclui', email });
    const other = new Browser(app);
    expect((await other.post('/api/auth/signin', { email, password })).status).toBe(200);
    const ranking = new Queue(eventQueueName('ranking'), { connection: bullConnection(process.env.REDIS_URL!), prefix });

    try {
      const res = await browser.call('delete', '/api/users/me', { password, confirmation: ' Excluir ' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(res.headers['cache-control']).toBe('no-store');
      const cleared = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('clima_sid='));
      expect(cleared).toMatch(/^clima_sid=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);

      expect(await exists(me.id)).toBe(false);
      // both sessions are dead: the one that asked and the one elsewhere
      expect(browser.cookies.has('clima_sid')).toBe(false);
      const stale = new Browser(app);
      stale.cookies.set('clima_sid', other.cookies.get('clima_sid')!);
      expect((await stale.get('/api/users/me')).status).toBe(401);
      expect((await other.get('/api/users/me')).status).toBe(401);
      expect(await redis.exists(app.get(RedisKeys).userSessionIndex(me.id))).toBe(0);

      // the same fact an administrator's delete publishes, for every service to remove its part
      const jobs = await eventually(async () => {
        const found = (await ranking.getJobs(['waiting', 'active', 'completed', 'delayed'])).filter(
          (j) => j?.data?.name === 'user.deleted' && j.data.payload?.userId === me.id,
        );
        return found.length ? found : undefined;
      }, 'user.deleted for the ranking');
      expect(jobs).toHaveLength(1);

      const message = await mail.waitFor(email, /Sua conta foi excluída/, 30_000);
      expect(message.subject).toBe('Sua conta foi excluída');
      expect(message.text).toContain('Olá, Maria Exclui!');
      expect(message.text).toContain('Confirmamos a exclusão da sua conta do Clima Pro');
      expect(message.html).toContain('Clima Pro');

      // a second request of the same (gone) account is simply signed out
      expect((await other.call('delete', '/api/users/me', { password, confirmation: 'excluir' })).status).toBe(401);
    } finally {
      await ranking.close();
    }
  });

  it('an administrator deletes through the same path: same fact, sessions ended', async () => {
    const { browser, me } = await registerUser(app);
    const { browser: admin } = await adminBrowser(app);
    const auth = new Queue(eventQueueName('catalog'), { connection: bullConnection(process.env.REDIS_URL!), prefix });
    try {
      expect((await admin.del(`/api/admin/users/${me.id}`)).status).toBe(200);
      expect((await browser.get('/api/users/me')).status).toBe(401);
      await eventually(
        async () => (await auth.getJobs(['waiting', 'active', 'completed', 'delayed'])).some((j) => j?.data?.name === 'user.deleted' && j.data.payload?.userId === me.id),
        'user.deleted for the catalog',
      );
      expect((await admin.del(`/api/admin/users/${me.id}`)).status).toBe(404);
    } finally {
      await auth.close();
    }
  });

  it('a Google-only account needs a Google sign-in of this session less than 10 minutes old', async () => {
    const sub = randomBytes(10).toString('hex');
    const email = uniqueEmail('google');
    provider.accounts.set(sub, { email, email_verified: true, name: 'Técnica Google' });
    const { browser, me } = await signInWithGoogle(sub);
    expect(me.id).toBe(`google_${sub}`);
    const key = app.get(RedisKeys).googleSignIn(browser.cookies.get('clima_sid')!);

    // the sign-in happened 11 minutes ago: not fresh any more
    const recorded = JSON.parse((await redis.get(key))!) as { userId: string; at: string };
    expect(recorded.userId).toBe(me.id);
    await redis.set(key, JSON.stringify({ ...recorded, at: new Date(Date.now() - 11 * 60_000).toISOString() }), 'EX', 600);
    const stale = await browser.call('delete', '/api/users/me', { confirmation: 'excluir' });
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe(PRIVACY_MESSAGES.googleReauthRequired);
    expect(stale.body.error).toContain('entre novamente com o Google');
    expect(await exists(me.id)).toBe(true);

    // a password typed for an account that has none proves nothing either
    await redis.del(key);
    expect((await browser.call('delete', '/api/users/me', { password: 'qualquer-coisa', confirmation: 'excluir' })).status).toBe(403);

    // signing in with Google again (a new session) makes it fresh
    const again = await signInWithGoogle(sub, browser);
    const res = await again.browser.call('delete', '/api/users/me', { confirmation: 'excluir' });
    expect(res.status).toBe(200);
    expect(await exists(me.id)).toBe(false);
    await mail.waitFor(email, /Sua conta foi excluída/, 30_000);
  });

  it("another user's fresh Google sign-in does not count for this account", async () => {
    const sub = randomBytes(10).toString('hex');
    provider.accounts.set(sub, { email: uniqueEmail('google'), email_verified: true, name: 'Outra' });
    const { browser, me } = await signInWithGoogle(sub);
    const key = app.get(RedisKeys).googleSignIn(browser.cookies.get('clima_sid')!);
    await redis.set(key, JSON.stringify({ userId: 'google_outra-pessoa', at: new Date().toISOString() }), 'EX', 600);
    expect((await browser.call('delete', '/api/users/me', { confirmation: 'excluir' })).status).toBe(403);
    expect(await exists(me.id)).toBe(true);
  });

  it('the export fails whole with 503 and no ZIP when the other services do not answer', async () => {
    const { browser } = await registerUser(app);
    const started = Date.now();
    const res = await browser.get('/api/users/me/export');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).toEqual({ error: 'Não foi possível reunir todos os seus dados agora. Tente novamente em alguns minutos.' });
    // the parts are asked in parallel: one timeout, not one per service
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await new Browser(app).get('/api/users/me/export')).status).toBe(401);
  });
});
