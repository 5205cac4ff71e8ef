import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { ask, bullConnection, createRpcClient, EVENT_SUBSCRIBERS, eventQueueName, statsPattern } from '@clima/common';
import type { AuthStats } from '@clima/contract';
import { DataSource } from 'typeorm';
import { AdministratorsService } from '../src/administrators/administrators.service';
import { adminBrowser, assertedIdentity, bootApp, Browser, eventually, registerUser, unique, uniqueEmail } from './helpers';

describe('admin panel: sign-in, administrators, users', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    ({ app } = await bootApp());
    await app.startAllMicroservices();
  });
  afterAll(() => app.close());

  describe('admin sign-in', () => {
    it('signs in, answers me, and logs out server-side', async () => {
      const username = unique('Admin');
      const created = await app.get(AdministratorsService).create({ username, password: 'senha-forte-1' });
      const b = new Browser(app);
      const login = await b.post('/api/admin/auth/login', { username: username.toLowerCase(), password: 'senha-forte-1' });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ id: String(created.id), username, kind: 'administrator' });
      const cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('clima_asid='))!;
      expect(cookie).toMatch(/^clima_asid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
      expect((await b.get('/api/admin/auth/me')).body).toEqual({ id: String(created.id), username, kind: 'administrator' });
      const stolen = b.cookieHeader;
      const out = await b.post('/api/admin/auth/logout');
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ success: true });
      const me = await b.get('/api/admin/auth/me');
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ error: 'Não autorizado: faça login como administrador' });
      const replay = await request(app.getHttpServer()).get('/internal/identity').set('Cookie', stolen);
      expect(assertedIdentity(replay).admin).toBeNull();
    });

    it('an end user is not an administrator', async () => {
      const { browser } = await registerUser(app);
      expect((await browser.get('/api/admin/auth/me')).status).toBe(401);
      expect((await browser.get('/api/admin/administrators')).status).toBe(403);
      expect((await new Browser(app).get('/api/admin/administrators')).status).toBe(401);
    });

    it('refuses wrong credentials and unknown usernames alike', async () => {
      const { admin } = await adminBrowser(app);
      for (const body of [{ username: admin.username, password: 'errada' }, { username: unique('ninguem'), password: 'x' }]) {
        const res = await new Browser(app).post('/api/admin/auth/login', body);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'Credenciais inválidas' });
      }
    });

    it.each([
      [{ username: '', password: 'x' }, 'Usuário é obrigatório'],
      [{ password: 'x' }, 'Usuário é obrigatório'],
      [{ username: 'a', password: '' }, 'Senha é obrigatória'],
      [{ username: 'a', password: { $ne: 1 } }, 'Senha é obrigatória'],
    ].map(([body, error]) => ({ body, error })))('requires username and password: "$error"', async ({ body, error }) => {
      const res = await new Browser(app).post('/api/admin/auth/login', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    });

    it('rate-limits failed admin logins with a 429', async () => {
      const { admin, password } = await adminBrowser(app);
      for (let i = 0; i < 10; i++) await new Browser(app).post('/api/admin/auth/login', { username: admin.username, password: 'errada' });
      const res = await new Browser(app).post('/api/admin/auth/login', { username: admin.username, password });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.' });
    });

    it('admin logout of an is_admin end user ends their session', async () => {
      const { browser: admin } = await adminBrowser(app);
      const { browser, me } = await registerUser(app);
      await admin.put(`/api/admin/users/${me.id}`, { is_admin: true });
      expect((await browser.post('/api/admin/auth/logout')).status).toBe(200);
      expect((await browser.get('/api/admin/auth/me')).status).toBe(401);
      expect((await browser.get('/api/users/me')).status).toBe(401);
    });
  });

  describe('administrators', () => {
    it('creates, lists with accent-insensitive search, edits and deletes', async () => {
      const { browser } = await adminBrowser(app);
      const tag = unique('t');
      const created = await browser.post('/api/admin/administrators', { username: `  joão.${tag}  `, password: 'senha-123' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(Number), username: `joão.${tag}`, created_at: expect.stringMatching(/T/) });
      expect(created.body.password).toBeUndefined();
      const list = await browser.get(`/api/admin/administrators?search=${encodeURIComponent(`JOAO.${tag}`)}`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([created.body]);
      const all = await browser.get('/api/admin/administrators');
      expect(all.body.length).toBeGreaterThanOrEqual(2);
      const edited = await browser.put(`/api/admin/administrators/${created.body.id}`, { username: `maria.${tag}`, password: '' });
      expect(edited.status).toBe(200);
      expect(edited.body).toEqual({ ...created.body, username: `maria.${tag}` });
      // blank password kept the old one
      expect((await new Browser(app).post('/api/admin/auth/login', { username: `maria.${tag}`, password: 'senha-123' })).status).toBe(200);
      const del = await browser.del(`/api/admin/administrators/${created.body.id}`);
      expect(del.status).toBe(200);
      expect((await browser.del(`/api/admin/administrators/${created.body.id}`)).status).toBe(404);
    });

    it('a new password replaces the old one and ends that administrator\'s sessions', async () => {
      const { browser } = await adminBrowser(app);
      const other = await adminBrowser(app);
      const res = await browser.put(`/api/admin/administrators/${other.admin.id}`, { username: other.admin.username, password: 'nova-senha-9' });
      expect(res.status).toBe(200);
      expect((await other.browser.get('/api/admin/auth/me')).status).toBe(401);
      expect((await new Browser(app).post('/api/admin/auth/login', { username: other.admin.username, password: other.password })).status).toBe(401);
      expect((await new Browser(app).post('/api/admin/auth/login', { username: other.admin.username, password: 'nova-senha-9' })).status).toBe(200);
    });

    it('changing one\'s own password keeps the current session', async () => {
      const { browser, admin } = await adminBrowser(app);
      expect((await browser.put(`/api/admin/administrators/${admin.id}`, { username: admin.username, password: 'minha-nova-1' })).status).toBe(200);
      expect((await browser.get('/api/admin/auth/me')).status).toBe(200);
    });

    it('refuses deleting one\'s own account', async () => {
      const { browser, admin } = await adminBrowser(app);
      const res = await browser.del(`/api/admin/administrators/${admin.id}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Você não pode excluir a sua própria conta de administrador' });
      expect((await browser.get('/api/admin/auth/me')).status).toBe(200);
    });

    it('a deleted administrator loses access at once', async () => {
      const { browser } = await adminBrowser(app);
      const other = await adminBrowser(app);
      expect((await browser.del(`/api/admin/administrators/${other.admin.id}`)).status).toBe(200);
      expect((await other.browser.get('/api/admin/administrators')).status).toBe(401);
    });

    it('refuses a username in use (any case), blank fields and unknown ids', async () => {
      const { browser, admin } = await adminBrowser(app);
      const dup = await browser.post('/api/admin/administrators', { username: admin.username.toUpperCase(), password: 'senha-123' });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({ error: 'Este nome de usuário já está em uso' });
      const other = await adminBrowser(app);
      expect((await browser.put(`/api/admin/administrators/${other.admin.id}`, { username: admin.username })).status).toBe(409);
      expect((await browser.post('/api/admin/administrators', { username: '  ', password: 'senha-123' })).body).toEqual({ error: 'Usuário é obrigatório' });
      expect((await browser.post('/api/admin/administrators', { username: unique('a') })).body).toEqual({ error: 'Senha é obrigatória' });
      expect((await browser.post('/api/admin/administrators', { username: unique('a'), password: '123' })).body).toEqual({
        error: 'A senha deve ter pelo menos 6 caracteres',
      });
      expect((await browser.post('/api/admin/administrators', { username: 'x'.repeat(101), password: 'senha-123' })).status).toBe(400);
      expect((await browser.put('/api/admin/administrators/999999', { username: unique('a') })).status).toBe(404);
      const nonNumeric = await browser.put('/api/admin/administrators/abc', { username: unique('a') });
      expect(nonNumeric.status).toBe(404);
      expect(nonNumeric.body).toEqual({ error: 'Administrador não encontrado' });
      expect((await browser.del('/api/admin/administrators/99999999999999')).status).toBe(404);
    });
  });

  describe('users', () => {
    it('lists newest first, searches name and e-mail ignoring accents and case, filters by status', async () => {
      const { browser } = await adminBrowser(app);
      const tag = unique('busca');
      const a = await registerUser(app, { name: `Conceição ${tag}`, email: uniqueEmail(`a${tag}`) });
      const b = await registerUser(app, { name: `Outro ${tag}`, email: uniqueEmail(`b${tag}`) });
      const c = await registerUser(app, { name: `Terceiro ${tag}` });
      await browser.put(`/api/admin/users/${b.me.id}`, { subscription_status: 'active', subscription_plan: 'annual' });
      // a value the panel does not know is shown (and filtered) as 'Inativo'
      await app.get(DataSource).query(`UPDATE auth.users SET subscription_status = 'trialing' WHERE id = $1`, [c.me.id]);

      const all = await browser.get(`/api/admin/users?search=${tag}`);
      expect(all.status).toBe(200);
      expect(all.body.map((u: { id: string }) => u.id)).toEqual([c.me.id, b.me.id, a.me.id]);
      expect(all.body[1]).toEqual({
        id: b.me.id,
        name: `Outro ${tag}`,
        email: b.me.email,
        is_admin: false,
        subscription_status: 'active',
        subscription_plan: 'annual',
        subscription_expires_at: null,
        created_at: expect.stringMatching(/T/),
      });
      const accent = await browser.get(`/api/admin/users?search=${encodeURIComponent(`CONCEICAO ${tag}`)}`);
      expect(accent.body.map((u: { id: string }) => u.id)).toEqual([a.me.id]);
      const byEmail = await browser.get(`/api/admin/users?search=${encodeURIComponent(`B${tag}`.toUpperCase())}`);
      expect(byEmail.body.map((u: { id: string }) => u.id)).toEqual([b.me.id]);
      const active = await browser.get(`/api/admin/users?search=${tag}&status=active`);
      expect(active.body.map((u: { id: string }) => u.id)).toEqual([b.me.id]);
      const inactive = await browser.get(`/api/admin/users?search=${tag}&status=inactive`);
      expect(inactive.body.map((u: { id: string }) => u.id)).toEqual([c.me.id, a.me.id]);
      expect((await browser.get(`/api/admin/users?search=${tag}&status=`)).body).toHaveLength(3);
      expect((await browser.get(`/api/admin/users?search=${tag}&status=expired`)).body).toEqual([]);
      expect((await browser.get('/api/admin/users?search=100%25_')).status).toBe(200);
      const bad = await browser.get('/api/admin/users?status=pirata');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'Status inválido' });
      expect((await browser.get(`/api/admin/users?search=${'x'.repeat(300)}`)).status).toBe(400);
    });

    it('edits status, plan, expiry, is_admin and name; the user sees it', async () => {
      const { browser: admin } = await adminBrowser(app);
      const { browser, me } = await registerUser(app);
      const res = await admin.put(`/api/admin/users/${me.id}`, {
        ...me,
        name: 'Nome Editado',
        subscription_status: 'active',
        subscription_plan: 'monthly',
        subscription_expires_at: '2031-05-10T12:00:00.000Z',
        is_admin: 1,
        created_at: '1999-01-01T00:00:00.000Z',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: me.id,
        name: 'Nome Editado',
        subscription_status: 'active',
        subscription_plan: 'monthly',
        subscription_expires_at: '2031-05-10T12:00:00.000Z',
        is_admin: true,
      });
      expect(res.body.created_at).not.toBe('1999-01-01T00:00:00.000Z');
      const mine = await browser.get('/api/users/me');
      expect(mine.body).toMatchObject({ subscription_status: 'active', subscription_plan: 'monthly', is_admin: true, name: 'Nome Editado' });
      const none = await admin.put(`/api/admin/users/${me.id}`, { subscription_plan: 'none', subscription_status: 'canceled', subscription_expires_at: '' });
      expect(none.body).toMatchObject({ subscription_plan: null, subscription_status: 'canceled', subscription_expires_at: null });
    });

    it('refuses bad values, a duplicate e-mail and unknown ids', async () => {
      const { browser: admin } = await adminBrowser(app);
      const { me } = await registerUser(app);
      const other = await registerUser(app);
      const cases: [unknown, number, string][] = [
        [{ subscription_status: 'vip' }, 400, 'Status de assinatura inválido'],
        [{ subscription_plan: 'weekly' }, 400, 'Plano inválido'],
        [{ subscription_expires_at: 'amanhã' }, 400, 'Data de expiração inválida'],
        [{ is_admin: 'sim' }, 400, 'Valor inválido para is_admin'],
        [{ email: 'nao-e-email' }, 400, 'E-mail inválido'],
        [{ name: 'x'.repeat(300) }, 400, 'Nome muito longo'],
        [{ email: other.me.email }, 409, 'Este e-mail já está em uso (email-already-in-use)'],
      ];
      for (const [body, status, error] of cases) {
        const res = await admin.put(`/api/admin/users/${me.id}`, body);
        expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });
      }
      for (const id of ['email_999999999', 'google_nao-existe', 'qualquer', '1', `email_${'9'.repeat(400)}`]) {
        const res = await admin.put(`/api/admin/users/${id}`, { is_admin: true });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Usuário não encontrado' });
      }
      expect((await admin.del('/api/admin/users/email_999999999')).status).toBe(404);
      expect((await admin.call('put', `/api/admin/users/${me.id}`, undefined, '{bad json')).status).toBe(400);
    });

    it('deletes a user: sessions end and user.deleted reaches every subscriber queue', async () => {
      const { browser: admin } = await adminBrowser(app);
      const { browser, me } = await registerUser(app);
      const res = await admin.del(`/api/admin/users/${me.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await browser.get('/api/users/me')).status).toBe(401);
      expect((await admin.get(`/api/admin/users?search=${encodeURIComponent(me.email)}`)).body).toEqual([]);
      expect((await admin.del(`/api/admin/users/${me.id}`)).status).toBe(404);

      const connection = bullConnection(process.env.REDIS_URL!);
      for (const service of EVENT_SUBSCRIBERS['user.deleted']) {
        const queue = new Queue(eventQueueName(service), { connection, prefix: process.env.KEY_PREFIX });
        try {
          const job = await eventually(async () => {
            const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'delayed', 'failed', 'prioritized']);
            return jobs.find((j) => j?.name === 'user.deleted' && j.data?.payload?.userId === me.id);
          }, `user.deleted in ${service}'s queue`);
          expect(job.data).toMatchObject({ name: 'user.deleted', payload: { userId: me.id }, id: expect.any(String) });
        } finally {
          await queue.close();
        }
      }
    });

    it('refuses an is_admin user deleting their own account from the panel', async () => {
      const { browser: admin } = await adminBrowser(app);
      const { browser, me } = await registerUser(app);
      await admin.put(`/api/admin/users/${me.id}`, { is_admin: true });
      const res = await browser.del(`/api/admin/users/${me.id}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Você não pode excluir a sua própria conta pelo painel' });
    });
  });

  describe('dashboard figures (statsPattern("auth"))', () => {
    it('answers totals, the 10 newest users and active subscriptions by plan', async () => {
      const { browser: admin } = await adminBrowser(app);
      const { me } = await registerUser(app, { name: 'Recém Chegado' });
      await admin.put(`/api/admin/users/${me.id}`, { subscription_status: 'active', subscription_plan: 'annual' });
      const client = createRpcClient(process.env.REDIS_URL!);
      try {
        const stats = await ask<AuthStats>(client, statsPattern('auth'), {}, 5000);
        expect(stats).not.toBeNull();
        const [row] = await app.get(DataSource).query(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE subscription_status = 'active')::int AS active FROM auth.users`,
        );
        expect(stats!.totalUsers).toBeGreaterThanOrEqual(1);
        expect(stats!.totalUsers).toBeLessThanOrEqual(row.total);
        expect(stats!.activeSubscriptions).toBeGreaterThanOrEqual(1);
        expect(stats!.recentUsers.length).toBeLessThanOrEqual(10);
        expect(stats!.recentUsers.length).toBeGreaterThan(0);
        expect(Object.keys(stats!.recentUsers[0]!).sort()).toEqual(['created_at', 'email', 'id', 'name', 'subscription_status']);
        expect(stats!.subscriptionStats.annual).toBeGreaterThanOrEqual(1);
        expect(stats!.subscriptionStats.monthly + stats!.subscriptionStats.annual).toBeLessThanOrEqual(stats!.activeSubscriptions);
      } finally {
        await client.close();
      }
    });
  });
});
