import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { bullConnection, eventQueueName } from '@clima/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { adminBrowser, assertedIdentity, bootApp, Browser, eventually, PUBLIC_ORIGIN, registerUser, uniqueEmail } from './helpers';
import { CLIENT, LocalOpenIdProvider } from './oidc-provider';

const REDIRECT_URI = `${PUBLIC_ORIGIN}/auth/callback`;
const newSub = () => randomBytes(10).toString('hex');

describe('Google sign-in (OpenID Connect code flow with PKCE) against a real provider', () => {
  const provider = new LocalOpenIdProvider();
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const issuer = await provider.start(REDIRECT_URI);
    ({ app } = await bootApp({ GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID: CLIENT.id, GOOGLE_CLIENT_SECRET: CLIENT.secret }));
  });
  afterAll(async () => {
    await app?.close();
    await provider.stop();
  });

  /** The whole round trip a browser makes: redirect_url, the provider, then POST /api/sessions. */
  async function signInWithGoogle(sub: string, b = new Browser(app), opts: { sendState?: boolean } = {}) {
    const start = await b.get('/api/oauth/google/redirect_url');
    expect(start.status).toBe(200);
    const back = await provider.authorize(start.body.redirectUrl, sub);
    const body: Record<string, string> = { code: back.searchParams.get('code')! };
    if (opts.sendState !== false) body.state = back.searchParams.get('state')!;
    return { res: await b.post('/api/sessions', body), browser: b, back, start };
  }

  it('GET /api/auth/providers offers Google when a client id is configured', async () => {
    const res = await new Browser(app).get('/api/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ google: true });
  });

  it('redirect_url points at the provider with state, nonce and an S256 PKCE challenge, and sets a short-lived cookie', async () => {
    const b = new Browser(app);
    const res = await b.get('/api/oauth/google/redirect_url');
    expect(res.status).toBe(200);
    const url = new URL(res.body.redirectUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('clima_oauth='))!;
    expect(cookie).toMatch(/^clima_oauth=[A-Za-z0-9_-]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600$/);
  });

  it('first sign-in creates a google_<sub> account and a session; the next one finds it again', async () => {
    const sub = newSub();
    const email = uniqueEmail('google');
    provider.accounts.set(sub, { email, email_verified: true, name: 'Técnica Google', picture: 'https://fotos.exemplo/t.png' });
    const { res, browser } = await signInWithGoogle(sub);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: `google_${sub}`,
      email,
      name: 'Técnica Google',
      google_user_data: { name: 'Técnica Google', picture: 'https://fotos.exemplo/t.png' },
      subscription_status: 'inactive',
    });
    expect(browser.cookies.has('clima_oauth')).toBe(false);
    expect((await browser.get('/api/users/me')).body.id).toBe(`google_${sub}`);
    expect(assertedIdentity(await browser.identity()).user?.id).toBe(`google_${sub}`);

    const again = await signInWithGoogle(sub);
    expect(again.res.status).toBe(200);
    expect(again.res.body.id).toBe(`google_${sub}`);

    const queue = new Queue(eventQueueName('ranking'), { connection: bullConnection(process.env.REDIS_URL!), prefix: process.env.KEY_PREFIX });
    try {
      const jobs = await eventually(async () => {
        const mine = (await queue.getJobs(['waiting', 'active', 'completed', 'delayed'])).filter((j) => j?.data?.payload?.userId === `google_${sub}`);
        return mine.length >= 3 ? mine : undefined;
      }, 'the Google sign-in facts');
      expect(jobs.map((j) => j.name).sort()).toEqual(['user.signed_in', 'user.signed_in', 'user.upserted']);
    } finally {
      await queue.close();
    }
  });

  it('requires the state: a code sent without it (a login CSRF) opens no session, and the sign-in can still finish with it', async () => {
    const sub = newSub();
    provider.accounts.set(sub, { email: uniqueEmail('sostate'), email_verified: true, name: 'Sem State' });
    const { res, browser, back } = await signInWithGoogle(sub, new Browser(app), { sendState: false });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Parâmetro state inválido' });
    expect(browser.cookies.has('clima_sid')).toBe(false);
    for (const state of ['', null, 42]) {
      const again = await browser.post('/api/sessions', { code: back.searchParams.get('code'), state });
      expect([again.status, again.body]).toEqual([400, { error: 'Parâmetro state inválido' }]);
    }
    const done = await browser.post('/api/sessions', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    expect(done.status).toBe(200);
    expect(done.body.id).toBe(`google_${sub}`);
  });

  it('a Google account cannot change its e-mail or password, and has no password sign-in', async () => {
    const sub = newSub();
    const email = uniqueEmail('gconta');
    provider.accounts.set(sub, { email, email_verified: true, name: 'Conta Google' });
    const { browser } = await signInWithGoogle(sub);
    const mail = await browser.put('/api/users/profile', { name: 'Conta Google', email: uniqueEmail('outro') });
    expect(mail.status).toBe(400);
    expect(mail.body).toEqual({ error: 'E-mail gerenciado pelo Google e não pode ser alterado aqui' });
    const name = await browser.put('/api/users/profile', { name: 'Nome Novo', email });
    expect(name.status).toBe(200);
    expect(name.body.user.name).toBe('Nome Novo');
    const pwd = await browser.put('/api/users/password', { currentPassword: 'x', newPassword: 'abcdef' });
    expect(pwd.status).toBe(403);
    expect(pwd.body).toEqual({ error: 'Contas Google não podem alterar a senha' });
    const signin = await new Browser(app).post('/api/auth/signin', { email, password: 'qualquer1' });
    expect(signin.status).toBe(401);
    expect(signin.body).toEqual({ error: 'Esta conta usa o login com Google. Entre com o botão do Google.' });
  });

  const verifiedAt = async (id: string): Promise<Date | null> => {
    const [row] = await app.get(DataSource).query(`SELECT email_verified_at FROM auth.users WHERE id = $1`, [id]);
    return row.email_verified_at;
  };

  it('takes back an address someone registered with a password: links it, and the password and its sessions end', async () => {
    // whoever registered first never proved the address
    const { browser: squatter, me, password } = await registerUser(app, { name: 'Conta Existente' });
    expect(await verifiedAt(me.id)).toBeNull();
    const stolenCookie = squatter.cookieHeader;
    const sub = newSub();
    provider.accounts.set(sub, { email: me.email, email_verified: true, name: 'Nome no Google', picture: 'https://fotos.exemplo/x.png' });
    const { res, browser: owner } = await signInWithGoogle(sub);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.id, google_user_data: { name: 'Nome no Google', picture: 'https://fotos.exemplo/x.png' } });
    expect(await verifiedAt(me.id)).toBeInstanceOf(Date);

    // the old password answers like any wrong one
    const old = await new Browser(app).post('/api/auth/signin', { email: me.email, password });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ error: 'Senha incorreta (wrong-password)' });
    // the squatter's session is over, the owner's works
    expect((await squatter.get('/api/users/me')).status).toBe(401);
    expect(squatter.cookieHeader).toBe(stolenCookie);
    expect(assertedIdentity(await squatter.identity()).user).toBeNull();
    const mine = await owner.get('/api/users/me');
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(me.id);
    // the next Google sign-in finds the same account
    expect((await signInWithGoogle(sub)).res.body.id).toBe(me.id);
  });

  it('an account whose e-mail was already proven keeps its password and sessions when linked', async () => {
    const { browser, me, password } = await registerUser(app, { name: 'Conta Comprovada' });
    // as the verification link of the e-mail will
    await app.get(DataSource).query(`UPDATE auth.users SET email_verified_at = now() - interval '1 day' WHERE id = $1`, [me.id]);
    const proven = await verifiedAt(me.id);
    const sub = newSub();
    provider.accounts.set(sub, { email: me.email, email_verified: true, name: 'Nome no Google' });
    const { res } = await signInWithGoogle(sub);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.id, name: 'Conta Comprovada' });
    expect(await verifiedAt(me.id)).toEqual(proven);
    expect((await new Browser(app).post('/api/auth/signin', { email: me.email, password })).status).toBe(200);
    expect((await browser.get('/api/users/me')).body.id).toBe(me.id);
  });

  it('records when Google proved the e-mail (creation, later sign-in) and forgets it when the e-mail changes', async () => {
    const sub = newSub();
    const email = uniqueEmail('naoverificado');
    provider.accounts.set(sub, { email, email_verified: false });
    expect((await signInWithGoogle(sub)).res.status).toBe(200);
    expect(await verifiedAt(`google_${sub}`)).toBeNull();
    provider.accounts.set(sub, { email, email_verified: true });
    expect((await signInWithGoogle(sub)).res.status).toBe(200);
    expect(await verifiedAt(`google_${sub}`)).toBeInstanceOf(Date);

    const created = newSub();
    provider.accounts.set(created, { email: uniqueEmail('verificado'), email_verified: true });
    expect((await signInWithGoogle(created)).res.status).toBe(200);
    expect(await verifiedAt(`google_${created}`)).toBeInstanceOf(Date);

    // a linked e-mail account asking for another address keeps its proven one until the new one is proven
    // by its own link (services/auth/test/account-recovery.spec.ts)
    const { me } = await registerUser(app, { name: 'Muda E-mail' });
    const linked = newSub();
    provider.accounts.set(linked, { email: me.email, email_verified: true });
    const { browser } = await signInWithGoogle(linked);
    expect(await verifiedAt(me.id)).toBeInstanceOf(Date);
    const next = uniqueEmail('novo');
    expect((await browser.put('/api/users/profile', { name: 'Muda E-mail', email: next })).status).toBe(200);
    expect(await verifiedAt(me.id)).toBeInstanceOf(Date);
    expect((await browser.get('/api/users/me')).body).toMatchObject({ email: me.email, email_verified: true, pending_email: next });

    // nor when an administrator changes it
    const { me: other } = await registerUser(app, { name: 'Admin Muda' });
    const otherSub = newSub();
    provider.accounts.set(otherSub, { email: other.email, email_verified: true });
    expect((await signInWithGoogle(otherSub)).res.status).toBe(200);
    expect(await verifiedAt(other.id)).toBeInstanceOf(Date);
    const { browser: admin } = await adminBrowser(app);
    expect((await admin.put(`/api/admin/users/${other.id}`, { name: 'Admin Muda' })).status).toBe(200);
    expect(await verifiedAt(other.id)).toBeInstanceOf(Date);
    expect((await admin.put(`/api/admin/users/${other.id}`, { email: uniqueEmail('pelopainel') })).status).toBe(200);
    expect(await verifiedAt(other.id)).toBeNull();
  });

  it('refuses an unverified Google e-mail that belongs to another account', async () => {
    const { me } = await registerUser(app);
    const sub = newSub();
    provider.accounts.set(sub, { email: me.email, email_verified: false });
    const { res } = await signInWithGoogle(sub);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Este e-mail já está em uso (email-already-in-use)' });
  });

  it('a code is good once: replaying it is refused', async () => {
    const sub = newSub();
    provider.accounts.set(sub, { email: uniqueEmail('replay'), email_verified: true });
    const { res, browser, back } = await signInWithGoogle(sub);
    expect(res.status).toBe(200);
    const replay = await browser.post('/api/sessions', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: 'O login com Google expirou. Tente entrar novamente.' });
  });

  it('a code obtained for another browser\'s sign-in fails PKCE at the provider (400)', async () => {
    const sub = newSub();
    provider.accounts.set(sub, { email: uniqueEmail('pkce'), email_verified: true });
    const attacker = new Browser(app);
    const attackerStart = await attacker.get('/api/oauth/google/redirect_url');
    const back = await provider.authorize(attackerStart.body.redirectUrl, sub);
    const victim = new Browser(app);
    const victimStart = await victim.get('/api/oauth/google/redirect_url');
    // the victim's own state: only the PKCE verifier tells the attacker's code apart
    const victimState = new URL(victimStart.body.redirectUrl).searchParams.get('state');
    const res = await victim.post('/api/sessions', { code: back.searchParams.get('code'), state: victimState });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Código de autorização inválido ou expirado' });
    expect(victim.cookies.has('clima_sid')).toBe(false);
  });

  it('refuses a state that does not match, a missing cookie, a made-up code and a missing code', async () => {
    const b = new Browser(app);
    await b.get('/api/oauth/google/redirect_url');
    const state = await b.post('/api/sessions', { code: 'abc', state: 'outro-state' });
    expect(state.status).toBe(400);
    expect(state.body).toEqual({ error: 'Parâmetro state inválido' });

    const noCookie = await new Browser(app).post('/api/sessions', { code: 'abc', state: 'um-state' });
    expect(noCookie.status).toBe(400);
    expect(noCookie.body).toEqual({ error: 'O login com Google expirou. Tente entrar novamente.' });

    const fresh = new Browser(app);
    const freshStart = await fresh.get('/api/oauth/google/redirect_url');
    const madeUp = await fresh.post('/api/sessions', { code: 'codigo-inventado', state: new URL(freshStart.body.redirectUrl).searchParams.get('state') });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body).toEqual({ error: 'Código de autorização inválido ou expirado' });

    for (const body of [{}, { code: '' }, { code: 42 }]) {
      const res = await new Browser(app).post('/api/sessions', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Código de autorização é obrigatório' });
    }
    expect((await new Browser(app).post('/api/sessions', { code: 'x'.repeat(5000), state: 's' })).status).toBe(400);
  });
});

describe('Google sign-in configuration', () => {
  it('answers 503 when no client id is configured, and GET /api/auth/providers says Google is not offered', async () => {
    const { app } = await bootApp({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' });
    try {
      const providers = await new Browser(app).get('/api/auth/providers');
      expect(providers.status).toBe(200);
      expect(providers.body).toEqual({ google: false });
      for (const res of [await new Browser(app).get('/api/oauth/google/redirect_url'), await new Browser(app).post('/api/sessions', { code: 'abc', state: 'um-state' })]) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ error: 'Login com Google não está configurado' });
      }
    } finally {
      await app.close();
    }
  });

  it('discovers the provider lazily and retries: down at boot, working once it is up', async () => {
    const port = await LocalOpenIdProvider.freePort();
    const { app } = await bootApp({ GOOGLE_ISSUER: `http://127.0.0.1:${port}`, GOOGLE_CLIENT_ID: CLIENT.id, GOOGLE_CLIENT_SECRET: CLIENT.secret });
    const provider = new LocalOpenIdProvider();
    try {
      const down = await new Browser(app).get('/api/oauth/google/redirect_url');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: 'Login com Google indisponível no momento. Tente novamente em instantes.' });
      await provider.start(REDIRECT_URI, port);
      const sub = newSub();
      provider.accounts.set(sub, { email: uniqueEmail('tarde'), email_verified: true });
      const b = new Browser(app);
      const up = await b.get('/api/oauth/google/redirect_url');
      expect(up.status).toBe(200);
      const back = await provider.authorize(up.body.redirectUrl, sub);
      const res = await b.post('/api/sessions', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(`google_${sub}`);
    } finally {
      await app.close();
      await provider.stop();
    }
  });
});
