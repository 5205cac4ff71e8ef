import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AUDIT_QUEUE, AuditRecord, bullConnection } from '@clima/common';
import { AuditPage } from '@clima/contract';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuditLogService } from '../src/audit/audit-log.service';
import { AUDIT_RETENTION_QUEUE, AUDIT_RETENTION_SCHEDULER_ID } from '../src/audit/audit-log.workers';
import { AdministratorsService } from '../src/administrators/administrators.service';
import { adminBrowser, bootApp, Browser, eventually, registerUser, unique } from './helpers';

interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  entity: string;
  record_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  method: string;
  path: string;
  status: number;
  request_id: string | null;
  ip: string | null;
  service: string;
}

describe('admin audit log', () => {
  let app: NestFastifyApplication;
  let ds: DataSource;
  beforeAll(async () => {
    ({ app } = await bootApp());
    ds = app.get(DataSource);
  });
  afterAll(() => app.close());

  /** The rows about one record (or actor), once the consumer stored `count` of them. */
  const rowsWhere = (where: string, params: unknown[], count = 1) =>
    eventually(async () => {
      const rows: AuditRow[] = await ds.query(`SELECT * FROM auth.audit_log WHERE ${where} ORDER BY occurred_at, seq`, params);
      return rows.length >= count ? rows : null;
    }, `${count} audit row(s) where ${where}`);

  const noSecretIn = (row: unknown, ...secrets: string[]) => {
    const text = JSON.stringify(row);
    for (const s of secrets) expect(text).not.toContain(s);
    expect(text).not.toMatch(/\$argon2/);
  };

  it('records an administrator sign-in and a failed one, with the address and the request id', async () => {
    const username = unique('audadm');
    const created = await app.get(AdministratorsService).create({ username, password: 'senha-certa-1' });
    const b = new Browser(app);
    const wrong = await b.post('/api/admin/auth/login', { username, password: 'senha-errada-9' });
    expect(wrong.status).toBe(401);
    const ok = await b.post('/api/admin/auth/login', { username, password: 'senha-certa-1' });
    expect(ok.status).toBe(200);

    const [failed, login] = await rowsWhere(`actor_name = $1`, [username], 2);
    expect(failed).toMatchObject({
      action: 'login_failed',
      entity: 'administrators',
      actor_id: null,
      actor_name: username,
      record_id: null,
      status: 401,
      method: 'POST',
      path: '/api/admin/auth/login',
      ip: b.ip,
      service: 'auth',
    });
    expect(failed!.request_id).toBe(wrong.headers['x-request-id']);
    expect(login).toMatchObject({ action: 'login', actor_id: String(created.id), record_id: String(created.id), status: 200, ip: b.ip });
    expect(login!.request_id).toBe(ok.headers['x-request-id']);
    noSecretIn([failed, login], 'senha-errada-9', 'senha-certa-1');
  });

  it('records creating, editing and deleting an administrator with before and after, never the password', async () => {
    const { browser, admin } = await adminBrowser(app);
    const username = unique('novo');
    const created = await browser.post('/api/admin/administrators', { username, password: 'primeira-senha-1' });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const renamed = `${username}-b`;
    expect((await browser.put(`/api/admin/administrators/${id}`, { username: renamed, password: 'segunda-senha-2' })).status).toBe(200);
    expect((await browser.del(`/api/admin/administrators/${id}`)).status).toBe(200);

    const [create, update, remove] = await rowsWhere(`entity = 'administrators' AND record_id = $1`, [id], 3);
    expect(create).toMatchObject({ action: 'create', actor_id: String(admin.id), actor_name: admin.username, status: 201, before: null });
    expect(create!.after).toMatchObject({ id: Number(id), username, password: '[oculto]' });
    expect(update).toMatchObject({ action: 'update', before: { id: Number(id), username } });
    expect(update!.after).toMatchObject({ username: renamed, password: '[oculto]' });
    expect(update!.before).not.toHaveProperty('password');
    expect(remove).toMatchObject({ action: 'delete', before: { id: Number(id), username: renamed }, after: null });
    noSecretIn([create, update, remove], 'primeira-senha-1', 'segunda-senha-2');
  });

  it("records a user's plan and status changed, as the is_admin end user who did it", async () => {
    const { browser: adminB } = await adminBrowser(app);
    const { browser: boss, me: bossMe } = await registerUser(app);
    expect((await adminB.put(`/api/admin/users/${bossMe.id}`, { is_admin: true })).status).toBe(200);
    const { me: target } = await registerUser(app);
    const change = { subscription_status: 'active', subscription_plan: 'annual', subscription_expires_at: '2031-01-01T00:00:00.000Z' };
    expect((await boss.put(`/api/admin/users/${target.id}`, change)).status).toBe(200);

    const [row] = await rowsWhere(`entity = 'users' AND record_id = $1`, [target.id]);
    expect(row).toMatchObject({
      action: 'update',
      actor_id: `user:${bossMe.id}`,
      actor_name: bossMe.email,
      before: { id: target.id, subscription_status: 'inactive', subscription_plan: null },
      after: { id: target.id, ...change },
    });
  });

  it('records a user deleting their own account, as the user', async () => {
    const { browser, me, password } = await registerUser(app);
    const removed = await browser.call('delete', '/api/users/me', { password, confirmation: 'excluir' });
    expect(removed.status).toBe(200);
    const [deletion] = await rowsWhere(`actor_id = $1`, [`user:${me.id}`]);
    expect(deletion).toMatchObject({
      action: 'delete',
      entity: 'users',
      record_id: me.id,
      actor_name: me.email,
      method: 'DELETE',
      path: '/api/users/me',
      status: 200,
      after: null,
    });
    noSecretIn(deletion, password);
  });

  it('lists the log newest first, filtered by administrator, entity, action and period, with the total', async () => {
    const { browser, admin } = await adminBrowser(app);
    const names = [unique('f1'), unique('f2'), unique('f3')];
    for (const username of names) expect((await browser.post('/api/admin/administrators', { username, password: 'uma-senha-boa' })).status).toBe(201);
    // the administrator's own sign-in and the three creations
    await rowsWhere(`actor_id = $1`, [String(admin.id)], 4);

    const page1 = await browser.get(`/api/admin/audit?admin=${admin.username}&entity=administrators&action=create&per_page=2`);
    expect(page1.status).toBe(200);
    const body = page1.body as AuditPage;
    expect(body).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(body.items.map((i) => (i.after as { username: string }).username)).toEqual([names[2], names[1]]);
    const page2 = (await browser.get(`/api/admin/audit?admin=${admin.username}&entity=administrators&action=create&per_page=2&page=2`)).body as AuditPage;
    expect(page2.items.map((i) => (i.after as { username: string }).username)).toEqual([names[0]]);
    expect(page2.items[0]).toMatchObject({ actor_id: String(admin.id), entity: 'administrators', action: 'create', method: 'POST' });

    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const inPeriod = (await browser.get(`/api/admin/audit?admin=${admin.username}&from=${today}&to=${today}`)).body as AuditPage;
    expect(inPeriod.total).toBe(4);
    expect(inPeriod.items.map((i) => i.action)).toEqual(['create', 'create', 'create', 'login']);
    const before = (await browser.get(`/api/admin/audit?admin=${admin.username}&to=2020-01-01`)).body as AuditPage;
    expect(before).toMatchObject({ total: 0, items: [] });
  });

  it.each([
    ['from=2024-02-30', 'Data inicial inválida (use AAAA-MM-DD)'],
    ['to=ontem', 'Data final inválida (use AAAA-MM-DD)'],
    ['from=2025-02-01&to=2025-01-01', 'A data inicial deve ser anterior ou igual à final'],
    ['page=0', 'Página inválida'],
    ['per_page=1000', 'Itens por página: de 1 a 100'],
    ['entity=%3Bdrop', 'Entidade inválida no filtro'],
    ['action=a&action=b', 'Ação inválida no filtro'],
  ])('refuses a bad filter (%s) with 400', async (query, error) => {
    const { browser } = await adminBrowser(app);
    const res = await browser.get(`/api/admin/audit?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('is for administrators only, and no route changes or deletes it', async () => {
    const { browser: user } = await registerUser(app);
    expect((await user.get('/api/admin/audit')).status).toBe(403);
    expect((await new Browser(app).get('/api/admin/audit')).status).toBe(401);
    const { browser } = await adminBrowser(app);
    const [any] = await rowsWhere(`true`, []);
    for (const path of ['/api/admin/audit', `/api/admin/audit/${any!.id}`]) {
      expect((await browser.del(path)).status).toBe(404);
      expect((await browser.put(path, {})).status).toBe(404);
    }
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE on the table', async () => {
    const [row] = await rowsWhere(`true`, []);
    await expect(ds.query(`UPDATE auth.audit_log SET action = 'nada' WHERE id = $1`, [row!.id])).rejects.toThrow(/somente de inserção: UPDATE recusado/);
    await expect(ds.query(`DELETE FROM auth.audit_log WHERE id = $1`, [row!.id])).rejects.toThrow(/somente de inserção: DELETE recusado/);
    await expect(ds.query(`TRUNCATE auth.audit_log`)).rejects.toThrow(/somente de inserção: TRUNCATE recusado/);
    // the retention setting does not open younger rows, nor updates
    await expect(
      ds.transaction(async (m) => {
        await m.query(`SELECT set_config('clima.audit_retention_days', '1', true)`);
        await m.query(`DELETE FROM auth.audit_log WHERE id = $1`, [row!.id]);
      }),
    ).rejects.toThrow(/DELETE recusado/);
    await expect(
      ds.transaction(async (m) => {
        await m.query(`SELECT set_config('clima.audit_retention_days', '1', true)`);
        await m.query(`UPDATE auth.audit_log SET action = 'nada' WHERE id = $1`, [row!.id]);
      }),
    ).rejects.toThrow(/UPDATE recusado/);
    expect((await ds.query(`SELECT action FROM auth.audit_log WHERE id = $1`, [row!.id]))[0].action).toBe(row!.action);
  });

  const record = (daysAgo: number, tag: string): AuditRecord => ({
    id: randomUUID(),
    occurred_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    service: 'catalog',
    actor_id: '1',
    actor_name: tag,
    action: 'update',
    entity: 'contents',
    record_id: '7',
    before: { title: 'a' },
    after: { title: 'b' },
    method: 'PUT',
    path: '/api/admin/contents/7',
    status: 200,
    request_id: null,
    ip: '10.0.0.1',
  });

  it('stores a redelivered record once', async () => {
    const tag = unique('dup');
    const r = record(0, tag);
    const auditLog = app.get(AuditLogService);
    expect(await auditLog.store(r)).toBe(true);
    expect(await auditLog.store(r)).toBe(false);
    expect(await ds.query(`SELECT id FROM auth.audit_log WHERE actor_name = $1`, [tag])).toHaveLength(1);
  });

  it('a record queued by any service reaches the table through the consumer', async () => {
    const tag = unique('queued');
    const queue = new Queue(AUDIT_QUEUE, { connection: bullConnection(process.env.REDIS_URL!), prefix: process.env.KEY_PREFIX });
    try {
      const r = record(0, tag);
      await queue.add('record', r, { jobId: r.id });
      await queue.add('record', { ...r, id: 'não-é-uuid', actor_name: `${tag}-broken` }, { jobId: `broken-${r.id}`, attempts: 5 });
      const [row] = await rowsWhere(`actor_name = $1`, [tag]);
      expect(row).toMatchObject({ id: r.id, service: 'catalog', entity: 'contents', before: { title: 'a' }, after: { title: 'b' } });
      // a malformed record fails once, for good, and stores nothing
      await eventually(async () => (await queue.getJobState(`broken-${r.id}`)) === 'failed', 'malformed record failed');
      expect((await queue.getJob(`broken-${r.id}`))!.attemptsMade).toBe(1);
      expect(await ds.query(`SELECT id FROM auth.audit_log WHERE actor_name = $1`, [`${tag}-broken`])).toHaveLength(0);
    } finally {
      await queue.close();
    }
  });

  it('retention deletes only rows older than AUDIT_RETENTION_DAYS, from one scheduled job', async () => {
    const tag = unique('ret');
    const auditLog = app.get(AuditLogService);
    const old = record(400, tag);
    const edge = record(364, tag);
    const fresh = record(1, tag);
    for (const r of [old, edge, fresh]) await auditLog.store(r);
    await auditLog.purgeOlderThan(365);
    const left: { id: string }[] = await ds.query(`SELECT id FROM auth.audit_log WHERE actor_name = $1 ORDER BY occurred_at`, [tag]);
    expect(left.map((r) => r.id)).toEqual([edge.id, fresh.id]);

    const queue = new Queue(AUDIT_RETENTION_QUEUE, { connection: bullConnection(process.env.REDIS_URL!), prefix: process.env.KEY_PREFIX });
    try {
      const scheduler = await queue.getJobScheduler(AUDIT_RETENTION_SCHEDULER_ID);
      expect(scheduler).toMatchObject({ every: 60 * 60_000 });
      expect(await queue.getJobSchedulersCount()).toBe(1);
    } finally {
      await queue.close();
    }
  });
});
