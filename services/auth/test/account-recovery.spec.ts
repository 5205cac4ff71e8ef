/**
 * Password reset and e-mail verification (issue 14) against a real SMTP server (MailDev on loopback):
 * every link is read from the delivered message and followed, as its recipient would.
 */
import { REDIS } from '@clima/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { DeliveredMail, linkIn, MailServer, startMailServer } from '../../../infra/test/mail-server';
import { resetAdministratorPassword } from '../src/cli/reset-admin-password';
import type { AuthConfig } from '../src/config';
import { adminBrowser, assertedIdentity, bootApp, Browser, PUBLIC_ORIGIN, registerUser, unique, uniqueEmail } from './helpers';

jest.setTimeout(90_000);

const MESSAGES = {
  requested: 'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha.',
  resetDone: 'Senha redefinida com sucesso! Entre com a nova senha.',
  expired: 'Este link expirou. Peça um novo.',
  invalid: 'Este link já foi usado ou não é válido. Peça um novo.',
  tooManyResets: 'Muitos pedidos de redefinição de senha a partir desta rede. Tente novamente mais tarde.',
  verified: 'E-mail confirmado com sucesso!',
  alreadyVerified: 'Seu e-mail já está confirmado.',
  verificationSent: 'Enviamos um novo link de confirmação. Confira sua caixa de entrada.',
  changePending:
    'Enviamos um link de confirmação para o novo e-mail. A troca vale quando você confirmar; até lá, continue entrando com o e-mail atual.',
  tooManyVerifications: 'Muitos e-mails de confirmação enviados. Tente novamente mais tarde.',
};

const RESET_PAGE = `${PUBLIC_ORIGIN}/redefinir-senha?token=`;
const VERIFY_PAGE = `${PUBLIC_ORIGIN}/verificar-email?token=`;
const tokenOf = (mail: DeliveredMail, page: string) => new URL(linkIn(mail, page)).searchParams.get('token')!;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('account recovery: password reset and e-mail verification', () => {
  let server: MailServer;
  let app: NestFastifyApplication;
  let config: AuthConfig;
  let db: DataSource;
  // a queue of its own: only this app's consumer delivers this spec's mail, to this spec's server
  const prefix = `${process.env.KEY_PREFIX}_${unique('recovery')}`;

  beforeAll(async () => {
    server = await startMailServer();
    ({ app, config } = await bootApp({
      SMTP_URL: server.smtpUrl,
      KEY_PREFIX: prefix,
      PASSWORD_RESET_MAX_PER_IP: '4',
      PASSWORD_RESET_MAX_PER_EMAIL: '3',
      VERIFICATION_EMAILS_PER_HOUR: '3',
    }));
    db = app.get(DataSource);
  });
  afterAll(async () => {
    await app?.close();
    await server?.stop();
  });

  const mails = (to: string, subject: RegExp) => server.messages(to).then((all) => all.filter((m) => subject.test(m.subject)));
  /** Waits until `n` messages to `to` match, and gives the newest. */
  async function nth(to: string, subject: RegExp, n: number): Promise<DeliveredMail> {
    for (let i = 0; i < 200; i++) {
      const found = await mails(to, subject);
      if (found.length >= n) return found[found.length - 1]!;
      await pause(100);
    }
    throw new Error(`${n} e-mail(s) "${subject.source}" para ${to} não chegaram`);
  }
  const askReset = (email: string, from = new Browser(app)) => from.post('/api/auth/password-reset', { email });
  const confirmReset = (token: string, password: string) => new Browser(app).post('/api/auth/password-reset/confirm', { token, password });
  const checkReset = (token: string) => new Browser(app).post('/api/auth/password-reset/check', { token });
  const signIn = (email: string, password: string) => new Browser(app).post('/api/auth/signin', { email, password });
  const expire = (email: string, purpose: string) =>
    db.query(
      `UPDATE auth.account_tokens SET expires_at = now() - interval '1 minute'
        WHERE purpose = $2 AND user_id = (SELECT id FROM auth.users WHERE lower(email) = $1)`,
      [email, purpose],
    );

  describe('password reset', () => {
    it('answers an unknown e-mail exactly like a known one, and sends it nothing', async () => {
      const { me } = await registerUser(app);
      const unknown = uniqueEmail('ninguem');
      const a = await askReset(unknown);
      const b = await askReset(me.email.toUpperCase());
      expect([a.status, b.status]).toEqual([202, 202]);
      expect(a.body).toEqual({ message: MESSAGES.requested });
      expect(b.body).toEqual(a.body);
      await nth(me.email, /^Redefinir sua senha$/, 1);
      await pause(500);
      expect(await server.messages(unknown)).toEqual([]);
    });

    it('e-mails a link that sets the password, ends every session of the account and proves the e-mail', async () => {
      const { browser, me, password } = await registerUser(app, { name: 'Joana Técnica' });
      const other = new Browser(app);
      expect((await other.post('/api/auth/signin', { email: me.email, password })).status).toBe(200);
      expect((await browser.get('/api/users/me')).body).toMatchObject({ email_verified: false });

      expect((await askReset(me.email)).status).toBe(202);
      const mail = await nth(me.email, /^Redefinir sua senha$/, 1);
      expect(mail.text).toContain('Olá, Joana Técnica!');
      expect(mail.text).toContain('30 minutos');
      expect(mail.html).toContain('Clima Pro');
      const token = tokenOf(mail, RESET_PAGE);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // only a digest is stored
      const stored = await db.query(`SELECT token_hash FROM auth.account_tokens WHERE user_id = $1 AND purpose = 'password_reset'`, [me.id]);
      expect(stored).toHaveLength(1);
      expect(stored[0].token_hash).not.toContain(token);

      // the page asks whether the link works when it opens: asking uses nothing up
      for (let i = 0; i < 2; i++) expect((await checkReset(token)).body).toEqual({ valid: true });
      // a common password is refused after the link's check, and the link still works
      const common = await confirmReset(token, 'senha123');
      expect(common.status).toBe(400);
      expect(common.body).toEqual({ error: 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.' });
      const done = await confirmReset(token, 'senha-nova-1');
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ success: true, message: MESSAGES.resetDone });
      expect((await browser.get('/api/users/me')).status).toBe(401);
      expect((await other.get('/api/users/me')).status).toBe(401);
      expect(assertedIdentity(await other.identity()).user).toBeNull();
      expect((await signIn(me.email, password)).status).toBe(401);
      const fresh = new Browser(app);
      expect((await fresh.post('/api/auth/signin', { email: me.email, password: 'senha-nova-1' })).status).toBe(200);
      expect((await fresh.get('/api/users/me')).body).toMatchObject({ email: me.email, email_verified: true, pending_email: null });
      await nth(me.email, /^Sua senha foi redefinida$/, 1);

      const again = await confirmReset(token, 'outra-senha-2');
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: MESSAGES.invalid });
      const used = await checkReset(token);
      expect(used.status).toBe(400);
      expect(used.body).toEqual({ error: MESSAGES.invalid });
      expect((await checkReset('x'.repeat(43))).body).toEqual({ error: MESSAGES.invalid });
      expect((await checkReset('curto')).status).toBe(400);
      expect((await signIn(me.email, 'senha-nova-1')).status).toBe(200);
    });

    it('says when a link expired, and the password stays', async () => {
      const { me, password } = await registerUser(app);
      await askReset(me.email);
      const token = tokenOf(await nth(me.email, /^Redefinir sua senha$/, 1), RESET_PAGE);
      await expire(me.email, 'password_reset');
      expect((await checkReset(token)).body).toEqual({ error: MESSAGES.expired });
      const res = await confirmReset(token, 'senha-nova-1');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: MESSAGES.expired });
      expect((await signIn(me.email, password)).status).toBe(200);
      expect((await signIn(me.email, 'senha-nova-1')).status).toBe(401);
    });

    it('only the newest link works', async () => {
      const { me } = await registerUser(app);
      const from = new Browser(app);
      await askReset(me.email, from);
      const first = tokenOf(await nth(me.email, /^Redefinir sua senha$/, 1), RESET_PAGE);
      await askReset(me.email, from);
      const second = tokenOf(await nth(me.email, /^Redefinir sua senha$/, 2), RESET_PAGE);
      expect(second).not.toBe(first);
      const old = await confirmReset(first, 'senha-velha-1');
      expect(old.status).toBe(400);
      expect(old.body).toEqual({ error: MESSAGES.invalid });
      expect((await confirmReset(second, 'senha-nova-1')).status).toBe(200);
      expect((await signIn(me.email, 'senha-nova-1')).status).toBe(200);
    });

    it('lets an e-mail account without a password (after a Google takeover) set one', async () => {
      const { me, password } = await registerUser(app);
      await db.query(`UPDATE auth.users SET password_hash = NULL WHERE id = $1`, [me.id]);
      expect((await signIn(me.email, password)).status).toBe(401);
      await askReset(me.email);
      const token = tokenOf(await nth(me.email, /^Redefinir sua senha$/, 1), RESET_PAGE);
      expect((await confirmReset(token, 'senha-propria-1')).status).toBe(200);
      expect((await signIn(me.email, 'senha-propria-1')).status).toBe(200);
    });

    it('tells an account created through Google to sign in with Google, without a link', async () => {
      const email = uniqueEmail('google');
      await db.query(`INSERT INTO auth.users (id, email, name, google_sub, email_verified_at) VALUES ($1, $2, 'Conta Google', $3, now())`, [
        `google_${unique('sub')}`,
        email,
        unique('sub'),
      ]);
      expect((await askReset(email)).status).toBe(202);
      const mail = await nth(email, /^Sua conta usa o login com Google$/, 1);
      expect(mail.text).toContain('Continuar com Google');
      expect(mail.text).not.toContain('/redefinir-senha');
      expect(await db.query(`SELECT 1 FROM auth.account_tokens t JOIN auth.users u ON u.id = t.user_id WHERE u.email = $1`, [email])).toEqual([]);
    });

    it('refuses malformed tokens and short passwords with a 400 in Portuguese', async () => {
      const cases: [unknown, string][] = [
        [{ token: 'curto', password: 'senha-nova-1' }, MESSAGES.invalid],
        [{ password: 'senha-nova-1' }, MESSAGES.invalid],
        [{ token: 'A'.repeat(43), password: 'senha-nova-1' }, MESSAGES.invalid],
        [{ token: 'A'.repeat(43), password: '123' }, 'A senha deve ter pelo menos 6 caracteres'],
      ];
      for (const [body, error] of cases) {
        const res = await new Browser(app).post('/api/auth/password-reset/confirm', body);
        expect([res.status, res.body]).toEqual([400, { error }]);
      }
      for (const [body, error] of [
        [{}, 'E-mail é obrigatório'],
        [{ email: 'sem-arroba' }, 'E-mail inválido'],
      ] as const) {
        const res = await new Browser(app).post('/api/auth/password-reset', body);
        expect([res.status, res.body]).toEqual([400, { error }]);
      }
    });

    it('limits requests per address with a 429, and e-mails per account silently', async () => {
      const from = new Browser(app);
      for (let i = 0; i < 4; i++) expect((await askReset(uniqueEmail('qualquer'), from)).status).toBe(202);
      const refused = await askReset(uniqueEmail('qualquer'), from);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: MESSAGES.tooManyResets });

      const { me } = await registerUser(app);
      // five requests from five addresses: the same answer each time, three messages at most
      for (let i = 0; i < 5; i++) {
        const res = await askReset(me.email);
        expect([res.status, res.body]).toEqual([202, { message: MESSAGES.requested }]);
      }
      await nth(me.email, /^Redefinir sua senha$/, 3);
      await pause(1500);
      expect(await mails(me.email, /^Redefinir sua senha$/)).toHaveLength(3);
    });
  });

  describe('e-mail verification', () => {
    it('registration e-mails a link that verifies the address; the link works once', async () => {
      const { browser, me } = await registerUser(app, { name: 'Rita Souza' });
      expect((await browser.get('/api/users/me')).body).toMatchObject({ email_verified: false, pending_email: null });
      const mail = await nth(me.email, /^Confirme seu e-mail$/, 1);
      expect(mail.text).toContain('Olá, Rita Souza!');
      expect(mail.text).toContain('48 horas');
      const token = tokenOf(mail, VERIFY_PAGE);

      // the link works from any browser, signed in or not
      const res = await new Browser(app).post('/api/auth/verify-email', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: MESSAGES.verified, email: me.email });
      expect((await browser.get('/api/users/me')).body).toMatchObject({ email_verified: true });

      const again = await new Browser(app).post('/api/auth/verify-email', { token });
      expect([again.status, again.body]).toEqual([400, { error: MESSAGES.invalid }]);
      const resend = await browser.post('/api/users/me/verification-email');
      expect([resend.status, resend.body]).toEqual([409, { error: MESSAGES.alreadyVerified }]);
    });

    it('says when a verification link expired', async () => {
      const { browser, me } = await registerUser(app);
      const token = tokenOf(await nth(me.email, /^Confirme seu e-mail$/, 1), VERIFY_PAGE);
      await expire(me.email, 'email_verification');
      const res = await new Browser(app).post('/api/auth/verify-email', { token });
      expect([res.status, res.body]).toEqual([400, { error: MESSAGES.expired }]);
      expect((await browser.get('/api/users/me')).body).toMatchObject({ email_verified: false });
      const bad = await new Browser(app).post('/api/auth/verify-email', { token: '../../etc' });
      expect([bad.status, bad.body]).toEqual([400, { error: MESSAGES.invalid }]);
    });

    it('resends a new link that replaces the old one, a few times an hour', async () => {
      const { browser, me } = await registerUser(app);
      const first = tokenOf(await nth(me.email, /^Confirme seu e-mail$/, 1), VERIFY_PAGE);
      const res = await browser.post('/api/users/me/verification-email');
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: MESSAGES.verificationSent, email: me.email });
      await nth(me.email, /^Confirme seu e-mail$/, 2);
      expect((await browser.post('/api/users/me/verification-email')).status).toBe(202);
      expect((await browser.post('/api/users/me/verification-email')).status).toBe(202);
      const limited = await browser.post('/api/users/me/verification-email');
      expect([limited.status, limited.body]).toEqual([429, { error: MESSAGES.tooManyVerifications }]);
      const newest = tokenOf(await nth(me.email, /^Confirme seu e-mail$/, 4), VERIFY_PAGE);

      const old = await new Browser(app).post('/api/auth/verify-email', { token: first });
      expect([old.status, old.body]).toEqual([400, { error: MESSAGES.invalid }]);
      expect((await new Browser(app).post('/api/auth/verify-email', { token: newest })).status).toBe(200);
      expect((await browser.get('/api/users/me')).body).toMatchObject({ email_verified: true });
      expect((await new Browser(app).post('/api/users/me/verification-email')).status).toBe(401);
    });
  });

  describe('e-mail change', () => {
    it('keeps the current e-mail until the new one is verified, then swaps them', async () => {
      const { browser, me, password } = await registerUser(app, { name: 'Paulo Lima' });
      const next = uniqueEmail('novo');
      const res = await browser.put('/api/users/profile', { name: 'Paulo Lima Jr', email: next.toUpperCase() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: MESSAGES.changePending,
        user: { name: 'Paulo Lima Jr', email: me.email, pending_email: next, email_verified: false },
      });
      // the name applies at once, the e-mail does not
      expect(assertedIdentity(await browser.identity()).user).toMatchObject({ name: 'Paulo Lima Jr', email: me.email });
      expect((await signIn(me.email, password)).status).toBe(200);
      expect((await signIn(next, password)).status).toBe(401);

      const notice = await nth(me.email, /^Pedido de troca de e-mail$/, 1);
      expect(notice.text).toContain(next);
      expect(notice.text).not.toContain('/verificar-email');
      const mail = await nth(next, /^Confirme seu novo e-mail$/, 1);
      const verified = await new Browser(app).post('/api/auth/verify-email', { token: tokenOf(mail, VERIFY_PAGE) });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ success: true, message: MESSAGES.verified, email: next });

      expect((await browser.get('/api/users/me')).body).toMatchObject({ email: next, email_verified: true, pending_email: null });
      expect(assertedIdentity(await browser.identity()).user).toMatchObject({ email: next });
      expect((await signIn(next, password)).status).toBe(200);
      expect((await signIn(me.email, password)).status).toBe(401);
      const [row] = await db.query(`SELECT email FROM auth.users WHERE id = $1`, [me.id]);
      expect(row.email).toBe(next);
    });

    it('refuses at confirmation an address another account took meanwhile', async () => {
      const { browser, me } = await registerUser(app);
      const next = uniqueEmail('disputado');
      await browser.put('/api/users/profile', { name: 'Ana', email: next });
      const token = tokenOf(await nth(next, /^Confirme seu novo e-mail$/, 1), VERIFY_PAGE);
      await registerUser(app, { email: next });
      const res = await new Browser(app).post('/api/auth/verify-email', { token });
      expect([res.status, res.body]).toEqual([409, { error: 'Este e-mail já está em uso (email-already-in-use)' }]);
      expect((await browser.get('/api/users/me')).body).toMatchObject({ email: me.email });
    });

    it('the pending e-mail sent again keeps the request; the current one cancels it and its link stops working', async () => {
      const { browser, me } = await registerUser(app);
      const next = uniqueEmail('desisto');
      await browser.put('/api/users/profile', { name: 'Ana', email: next });
      const token = tokenOf(await nth(next, /^Confirme seu novo e-mail$/, 1), VERIFY_PAGE);
      // the profile form shows the pending address: saving a new name with it asks for nothing new
      const rename = await browser.put('/api/users/profile', { name: 'Ana Maria', email: next });
      expect(rename.status).toBe(200);
      expect(rename.body).toMatchObject({ message: 'Perfil atualizado com sucesso!', user: { name: 'Ana Maria', email: me.email, pending_email: next } });
      await pause(500);
      expect(await mails(next, /^Confirme seu novo e-mail$/)).toHaveLength(1);

      const back = await browser.put('/api/users/profile', { name: 'Ana Maria', email: me.email });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ message: 'Perfil atualizado com sucesso!', user: { email: me.email, pending_email: null } });
      const res = await new Browser(app).post('/api/auth/verify-email', { token });
      expect([res.status, res.body]).toEqual([400, { error: MESSAGES.invalid }]);
      expect((await browser.get('/api/users/me')).body).toMatchObject({ email: me.email, pending_email: null });
    });

    it('a resend during a change goes to the new address', async () => {
      const { browser } = await registerUser(app);
      const next = uniqueEmail('reenvio');
      await browser.put('/api/users/profile', { name: 'Ana', email: next });
      await nth(next, /^Confirme seu novo e-mail$/, 1);
      const res = await browser.post('/api/users/me/verification-email');
      expect([res.status, res.body]).toEqual([202, { message: MESSAGES.verificationSent, email: next }]);
      await nth(next, /^Confirme seu novo e-mail$/, 2);
    });
  });

  describe('administrator password from the command line', () => {
    it('sets a new password (generated or given) and ends every session of that administrator', async () => {
      const { browser, admin, password } = await adminBrowser(app);
      const deps = { ds: db, redis: app.get<Redis>(REDIS), config };
      const generated = await resetAdministratorPassword(deps, admin.username.toUpperCase());
      expect(generated).toMatchObject({ username: admin.username, generated: true });
      expect(generated!.password.length).toBeGreaterThanOrEqual(20);
      expect((await browser.get('/api/admin/auth/me')).status).toBe(401);
      expect((await new Browser(app).post('/api/admin/auth/login', { username: admin.username, password })).status).toBe(401);
      expect((await new Browser(app).post('/api/admin/auth/login', { username: admin.username, password: generated!.password })).status).toBe(200);

      const given = await resetAdministratorPassword(deps, admin.username, 'escolhida-pelo-operador');
      expect(given).toEqual({ username: admin.username, password: 'escolhida-pelo-operador', generated: false });
      expect((await new Browser(app).post('/api/admin/auth/login', { username: admin.username, password: 'escolhida-pelo-operador' })).status).toBe(200);
      expect(await resetAdministratorPassword(deps, unique('ninguem'))).toBeNull();
    });
  });
});
