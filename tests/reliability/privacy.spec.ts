/**
 * LGPD self-service on the whole platform (real services from dist, real nginx, the sandbox provider,
 * the platform's MailDev): the export's ZIP holds exactly what each service holds for the user; one
 * service that does not answer makes it a 503 with no file; the deletion leaves no row naming the user in
 * any of the six schemas, no Redis key or board entry, no file, ends every session, cancels the
 * subscription at the provider and delivers the confirmation e-mail.
 */
import AdmZip from 'adm-zip';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Answer, cookieOf, eventually, startTestPlatform, stopChild, TestPlatform, uniqueId, waitHealthy } from './support/platform';

jest.setTimeout(600_000);

const SCHEMAS = ['auth', 'catalog', 'courses', 'manuals', 'ranking', 'billing'];
const FILES = [
  'LEIA-ME.txt',
  'conta-e-sessoes.json',
  'assinatura-e-pagamentos.json',
  'visualizacoes-de-conteudos.json',
  'progresso-nos-cursos.json',
  'downloads-de-manuais.json',
  'pontos-e-ranking.json',
];

let t: TestPlatform;
const user = { id: '', name: '', email: '', password: 'senha-privacidade-1', cookie: '' };
const held = { subscriptionId: '', lessonId: 0, contentId: 0, manualId: 0 };

function ok(res: Answer, what: string, status = [200, 201]): Answer {
  if (!status.includes(res.status)) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

/** The export as the browser downloads it: the raw bytes, never decoded as text. */
async function download(cookie: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const res = await fetch(`${t.base}/api/users/me/export`, { headers: { cookie }, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const saoPauloToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

beforeAll(async () => {
  t = await startTestPlatform({ tag: 'privacy', seed: true, env: { EXPORT_RPC_TIMEOUT_MS: '3000' } });

  // a subscriber with something in every service
  const tag = uniqueId();
  Object.assign(user, { name: `Técnica Privacidade ${tag}`, email: `privacidade.${tag}@exemplo.com.br` });
  const reg = ok(await t.call('POST', '/api/auth/register', { body: { name: user.name, email: user.email, password: user.password } }), 'register');
  user.id = String(reg.json.id);
  user.cookie = cookieOf(reg);
  const as = (method: string, path: string, body?: unknown) => t.call(method, path, { cookie: user.cookie, body });

  const checkout = ok(await as('POST', '/api/billing/checkout', { plan: 'monthly' }), 'checkout');
  const card = new URLSearchParams({ name: user.name, card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString();
  ok(
    await t.call('POST', `${String(checkout.json.url)}/complete`, { cookie: user.cookie, body: card, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    'sandbox checkout',
    [303],
  );
  await eventually(async () => expect((await as('GET', '/api/users/me')).json.subscription_status).toBe('active'), 30_000);
  // a renewal, so there is a payment (the trial's first invoice is zero and is not one)
  const portal = ok(await as('POST', '/api/billing/portal'), 'portal');
  ok(await t.call('POST', `${String(portal.json.url)}/renew`, { cookie: user.cookie, body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 'renew', [303]);
  await eventually(async () => expect(await t.sql(`SELECT 1 FROM billing.payments WHERE user_id = $1`, [user.id])).toHaveLength(1), 30_000);
  held.subscriptionId = (await t.sql<{ id: string }>(`SELECT provider_subscription_id AS id FROM billing.subscriptions WHERE user_id = $1`, [user.id]))[0]!.id;

  const one = async (q: string) => Number((await t.sql<{ v: number }>(q))[0]!.v);
  held.contentId = await one(`SELECT id AS v FROM catalog.contents WHERE is_published = 1 ORDER BY id LIMIT 1`);
  const courseId = await one(`SELECT c.id AS v FROM courses.course c JOIN courses.lesson l ON l.course_id = c.id AND l.duration_seconds > 0 WHERE c.is_published ORDER BY c.id LIMIT 1`);
  held.lessonId = await one(`SELECT id AS v FROM courses.lesson WHERE course_id = ${courseId} AND duration_seconds > 0 ORDER BY position LIMIT 1`);
  held.manualId = await one(`SELECT id AS v FROM manuals.manuals WHERE is_published ORDER BY id LIMIT 1`);
  ok(await as('GET', `/api/contents/${held.contentId}`), 'content');
  // the lesson watched from start to end as its player reports it: a first report, then (as if the lesson's own
  // length had passed since) the whole of it; and a video stopped halfway
  const d = await one(`SELECT duration_seconds AS v FROM courses.lesson WHERE id = ${held.lessonId}`);
  const lessonPosition = `/api/courses/${courseId}/lessons/${held.lessonId}/position`;
  ok(await as('PUT', lessonPosition, { position: 0, duration: d, watched: [] }), 'lesson started');
  await t.sql(`UPDATE courses.lesson_watch SET created_at = now() - make_interval(secs => $3) WHERE user_id = $1 AND lesson_id = $2`, [user.id, held.lessonId, d]);
  ok(await as('PUT', lessonPosition, { position: d, duration: d, watched: [[0, d]] }), 'lesson watched');
  ok(await as('PUT', `/api/contents/${held.contentId}/position`, { position: 42, duration: 600, watched: [[0, 42]] }), 'position');
  ok(await as('POST', `/api/manuals/${held.manualId}/download`), 'download');
  ok(
    await t.call('POST', '/api/users/session/heartbeat', { cookie: user.cookie, body: { activity: 'video', visible: true }, headers: { 'content-type': 'application/json' } }),
    'heartbeat',
    [200, 201, 202, 204],
  );
  // the ranking worker has counted the sign-in, the study heartbeat, the lesson completed and the manual opened:
  // nothing more will change before the export
  await eventually(async () => {
    expect(await t.sql(`SELECT 1 FROM ranking.active_days WHERE user_id = $1 AND learning_seconds > 0`, [user.id])).not.toHaveLength(0);
    expect(await t.sql(`SELECT 1 FROM ranking.user_profiles WHERE user_id = $1`, [user.id])).toHaveLength(1);
    expect(await t.sql(`SELECT kind FROM ranking.learning_awards WHERE user_id = $1 ORDER BY kind`, [user.id])).toEqual([{ kind: 'lesson' }, { kind: 'manual' }]);
  }, 30_000);
});

afterAll(async () => {
  await t?.stop();
});

describe('LGPD export', () => {
  it("'Baixar meus dados' is a ZIP whose files hold exactly what each service holds for the user", async () => {
    const res = await download(user.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="meus-dados-clima-pro-${saoPauloToday()}.zip"`);
    expect(res.headers.get('cache-control')).toBe('no-store');

    const zip = new AdmZip(res.body);
    expect(zip.getEntries().map((e) => e.entryName)).toEqual(FILES);
    const json = (name: string): unknown => JSON.parse(zip.readAsText(name));
    const readme = zip.readAsText('LEIA-ME.txt');
    for (const f of FILES.slice(1)) expect(readme).toContain(f);
    expect(readme).toContain(user.email);
    expect(readme).toContain('LGPD');
    for (const f of FILES) expect(zip.readAsText(f)).not.toMatch(/argon2|password_hash/);

    // auth: the account and the open sessions
    const [account] = await t.sql<Record<string, Date | string | boolean | null>>(`SELECT * FROM auth.users WHERE id = $1`, [user.id]);
    const conta = json('conta-e-sessoes.json') as { account: Record<string, unknown>; sessions: { current: boolean; expires_at: string }[] };
    expect(conta.account).toMatchObject({
      id: user.id,
      name: user.name,
      email: user.email,
      has_password: true,
      google_linked: false,
      subscription_status: account!.subscription_status,
      subscription_plan: account!.subscription_plan,
      subscription_expires_at: iso(account!.subscription_expires_at as Date),
      created_at: iso(account!.created_at as Date),
    });
    expect(conta.sessions).toHaveLength(1);
    expect(conta.sessions[0]!.current).toBe(true);
    expect(new Date(conta.sessions[0]!.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // billing
    const billing = json('assinatura-e-pagamentos.json') as { customers: unknown[]; subscriptions: Record<string, unknown>[]; payments: Record<string, unknown>[] };
    const subs = await t.sql<{ provider_subscription_id: string; status: string; plan: string; current_period_end: Date }>(
      `SELECT provider_subscription_id, status, plan, current_period_end FROM billing.subscriptions WHERE user_id = $1 ORDER BY id`,
      [user.id],
    );
    expect(billing.subscriptions.map((s) => [s.provider_subscription_id, s.status, s.plan, s.current_period_end])).toEqual(
      subs.map((s) => [s.provider_subscription_id, s.status, s.plan, iso(s.current_period_end)]),
    );
    const customers = await t.sql<{ provider_customer_id: string }>(`SELECT provider_customer_id FROM billing.customers WHERE user_id = $1`, [user.id]);
    expect(billing.customers).toEqual(customers.map((c) => expect.objectContaining({ provider: 'sandbox', provider_customer_id: c.provider_customer_id })));
    const payments = await t.sql<{ provider_payment_id: string; amount_cents: number; currency: string; paid_at: Date }>(
      `SELECT provider_payment_id, amount_cents, currency, paid_at FROM billing.payments WHERE user_id = $1`,
      [user.id],
    );
    expect(payments).toEqual([expect.objectContaining({ amount_cents: 1990 })]);
    expect(billing.payments.map((p) => [p.provider_payment_id, p.amount_cents, p.currency, p.paid_at])).toEqual(
      payments.map((p) => [p.provider_payment_id, p.amount_cents, p.currency, iso(p.paid_at)]),
    );

    // catalog
    const views = await t.sql<{ content_id: number; day: string; viewed_at: Date }>(
      `SELECT content_id, to_char(day, 'YYYY-MM-DD') AS day, viewed_at FROM catalog.content_views WHERE user_id = $1 ORDER BY viewed_at`,
      [user.id],
    );
    expect(views.map((v) => v.content_id)).toEqual([held.contentId]);
    expect((json('visualizacoes-de-conteudos.json') as { views: Record<string, unknown>[] }).views.map((v) => [v.content_id, v.day, v.viewed_at])).toEqual(
      views.map((v) => [v.content_id, v.day, iso(v.viewed_at)]),
    );
    const positions = await t.sql<{ content_id: number; position: number; watched: unknown; updated_at: Date }>(
      `SELECT content_id, position, watched, updated_at FROM catalog.content_positions WHERE user_id = $1`,
      [user.id],
    );
    expect(positions.map((p) => p.content_id)).toEqual([held.contentId]);
    expect(
      (json('visualizacoes-de-conteudos.json') as { positions: Record<string, unknown>[] }).positions.map((p) => [p.content_id, p.position, p.watched, p.updated_at]),
    ).toEqual(positions.map((p) => [p.content_id, p.position, p.watched, iso(p.updated_at)]));

    // courses
    const progress = await t.sql<{ lesson_id: number; completed_at: Date }>(`SELECT lesson_id, completed_at FROM courses.lesson_progress WHERE user_id = $1`, [user.id]);
    expect(progress.map((p) => p.lesson_id)).toEqual([held.lessonId]);
    expect((json('progresso-nos-cursos.json') as { lesson_progress: Record<string, unknown>[] }).lesson_progress.map((p) => [p.lesson_id, p.completed_at])).toEqual(
      progress.map((p) => [p.lesson_id, iso(p.completed_at)]),
    );
    const watched = await t.sql<{ lesson_id: number; position: number; watched: unknown; updated_at: Date }>(
      `SELECT lesson_id, position, watched, updated_at FROM courses.lesson_watch WHERE user_id = $1`,
      [user.id],
    );
    expect(watched.map((w) => w.lesson_id)).toEqual([held.lessonId]);
    expect(
      (json('progresso-nos-cursos.json') as { lesson_positions: Record<string, unknown>[] }).lesson_positions.map((p) => [p.lesson_id, p.position, p.watched, p.updated_at]),
    ).toEqual(watched.map((w) => [w.lesson_id, w.position, w.watched, iso(w.updated_at)]));

    // manuals
    const downloads = await t.sql<{ manual_id: number; downloaded_at: Date }>(`SELECT manual_id, downloaded_at FROM manuals.downloads WHERE user_id = $1 ORDER BY id`, [user.id]);
    expect(downloads.map((d) => d.manual_id)).toEqual([held.manualId]);
    expect((json('downloads-de-manuais.json') as { downloads: Record<string, unknown>[] }).downloads.map((d) => [d.manual_id, d.downloaded_at])).toEqual(
      downloads.map((d) => [d.manual_id, iso(d.downloaded_at)]),
    );

    // ranking: totals and every ledger behind them
    const ranking = json('pontos-e-ranking.json') as {
      profile: { email: string; name: string | null };
      totals: { points: number; total_logins: number; online_seconds: number };
      active_days: { day: string; online_seconds: number; stretches: unknown[] }[];
      streak_awards: unknown[];
      learning_awards: { kind: string; ref: string; points: number }[];
      weekly_points: { week: string; points: number }[];
    };
    const [stats] = await t.sql<{ points: number; total_logins: number; online_seconds: number }>(
      `SELECT points, total_logins, online_seconds::float8 AS online_seconds FROM ranking.user_stats WHERE user_id = $1`,
      [user.id],
    );
    expect(stats!.points).toBeGreaterThan(0);
    expect(ranking.totals).toMatchObject(stats!);
    expect(ranking.profile).toEqual({ email: user.email, name: user.name });
    const days = await t.sql<{ day: string }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ranking.active_days WHERE user_id = $1 ORDER BY day`, [user.id]);
    expect(ranking.active_days.map((d) => d.day)).toEqual(days.map((d) => d.day));
    const [{ n: seconds }] = await t.sql<{ n: number }>(`SELECT sum(learning_seconds)::int AS n FROM ranking.active_days WHERE user_id = $1`, [user.id]);
    expect(ranking.active_days.reduce((s, d) => s + d.online_seconds, 0)).toBe(seconds);
    expect(ranking.active_days.flatMap((d) => d.stretches)).not.toHaveLength(0);
    const awards = await t.sql<{ kind: string; ref: string; points: number }>(`SELECT kind, ref, points FROM ranking.learning_awards WHERE user_id = $1 ORDER BY at, kind, ref`, [user.id]);
    expect(ranking.learning_awards.map((a) => [a.kind, a.ref, a.points])).toEqual(awards.map((a) => [a.kind, a.ref, a.points]));
    const weeks = await t.sql<{ week: string; points: number }>(`SELECT to_char(week, 'YYYY-MM-DD') AS week, points FROM ranking.weekly_points WHERE user_id = $1 ORDER BY week`, [user.id]);
    expect(ranking.weekly_points).toEqual(weeks);
  });

  it('a service that does not answer makes the export a 503 with no file; it works again once the service is back', async () => {
    await stopChild(t.processOf('manuals'));
    try {
      const res = await download(user.cookie);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(JSON.parse(res.body.toString('utf8'))).toEqual({ error: 'Não foi possível reunir todos os seus dados agora. Tente novamente em alguns minutos.' });
    } finally {
      t.spawnService('manuals');
      await waitHealthy(t.platform.ports.manuals!);
    }
    await eventually(async () => expect((await download(user.cookie)).status).toBe(200), 30_000);
  });
});

describe("LGPD deletion ('Excluir minha conta')", () => {
  /**
   * The one record allowed to name the user afterwards: the audit log's entries of their own export and
   * deletion (who asked, what, when), kept append-only for AUDIT_RETENTION_DAYS as the proof that the
   * request was made and honoured. Only their actor and record columns may name the user.
   */
  const OWN_REQUESTS = `NOT (entity = 'users' AND action IN ('export', 'delete') AND actor_id = $3)`;
  const AUDIT_IDENTITY = new Set(['auth.audit_log.actor_id', 'auth.audit_log.actor_name', 'auth.audit_log.record_id']);

  /** Every row of the six schemas whose text names the user (id as a whole word, or the e-mail). */
  async function rowsNamingUser(): Promise<string[]> {
    const columns = await t.sql<{ s: string; t: string; c: string }>(
      `SELECT c.table_schema AS s, c.table_name AS t, c.column_name AS c
         FROM information_schema.columns c
         JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
        WHERE c.table_schema = ANY($1) AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`,
      [SCHEMAS],
    );
    expect(new Set(columns.map((c) => c.s))).toEqual(new Set(SCHEMAS));
    scanned.columns = columns.length;
    scanned.tables = new Set(columns.map((c) => `${c.s}.${c.t}`)).size;
    const word = `(^|[^A-Za-z0-9_.-])${user.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9_.-])`;
    const found: string[] = [];
    for (const col of columns) {
      const own = AUDIT_IDENTITY.has(`${col.s}.${col.t}.${col.c}`);
      const [{ n }] = await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${col.s}"."${col.t}" WHERE ("${col.c}"::text ~ $1 OR strpos(lower("${col.c}"::text), $2) > 0)${own ? ` AND ${OWN_REQUESTS}` : ''}`,
        own ? [word, user.email.toLowerCase(), `user:${user.id}`] : [word, user.email.toLowerCase()],
      );
      if (n) found.push(`${col.s}.${col.t}.${col.c} (${n})`);
    }
    return found;
  }

  const scanned = { columns: 0, tables: 0, keys: 0 };

  function filesNamingUser(dir: string): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir).flatMap((e) => {
      const p = join(dir, e);
      return statSync(p).isDirectory() ? filesNamingUser(p) : e.includes(user.id) ? [p] : [];
    });
  }

  it('deletes the user everywhere, cancels at the provider, ends every session and mails the confirmation', async () => {
    // before: the user is found in every schema that keeps something of them (the walk sees what it must)
    const before = (await rowsNamingUser()).map((r) => r.split('.')[0]);
    for (const s of SCHEMAS) expect(before).toContain(s);

    const other = cookieOf(ok(await t.call('POST', '/api/auth/signin', { body: { email: user.email, password: user.password } }), 'second sign-in'));
    const cancellations = async () =>
      Number((await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM billing.processed_events WHERE type = 'customer.subscription.deleted' AND outcome = 'applied'`))[0]!.n);
    const canceledBefore = await cancellations();

    const wrong = await t.call('DELETE', '/api/users/me', { cookie: user.cookie, body: { password: 'outra-senha', confirmation: 'excluir' } });
    expect(wrong).toMatchObject({ status: 400, json: { error: 'Senha incorreta' } });
    const res = await t.call('DELETE', '/api/users/me', { cookie: user.cookie, body: { password: user.password, confirmation: 'excluir' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(res.headers.getSetCookie().some((c) => /^clima_sid=;.*Max-Age=0/.test(c))).toBe(true);

    // signed out everywhere, at once
    for (const cookie of [user.cookie, other]) {
      expect((await t.call('GET', '/api/users/me', { cookie })).status).toBe(401);
      expect((await download(cookie)).status).toBe(401);
    }

    // the confirmation e-mail, delivered to the platform's MailDev
    const webUrl = t.platform.mail.webUrl;
    expect(webUrl).toBeTruthy();
    const mail = await eventually(async () => {
      const all = (await (await fetch(`${webUrl}/api/email`)).json()) as { subject: string; text: string; to: { address: string }[] }[];
      const mine = all.find((m) => m.subject === 'Sua conta foi excluída' && m.to.some((to) => to.address === user.email));
      if (!mine) throw new Error('confirmação ainda não entregue');
      return mine;
    }, 60_000);
    expect(mail.text).toContain(`Olá, ${user.name}!`);

    // every service removed its part: no row of any schema names the user, none of their files is left
    await eventually(async () => expect(await rowsNamingUser()).toEqual([]), 60_000);
    // what the audit log keeps: the user's own requests, nothing of their data
    const audit = await t.sql<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM auth.audit_log WHERE actor_id = $1 OR record_id = $2 ORDER BY seq`,
      [`user:${user.id}`, user.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['export', 'export', 'delete']);
    for (const a of audit) expect(JSON.stringify([a.before, a.after])).not.toContain(user.email);
    expect(filesNamingUser(t.env.STORAGE_DIR!)).toEqual([]);
    // billing canceled the subscription at the provider (the sandbox reported it like Stripe) before removing it
    expect(await cancellations()).toBe(canceledBefore + 1);
    expect(await t.sql(`SELECT 1 FROM billing.subscriptions WHERE provider_subscription_id = $1`, [held.subscriptionId])).toHaveLength(0);
    // payments stay for the revenue figures, without the user
    expect(await t.sql(`SELECT 1 FROM billing.payments WHERE provider_subscription_id = $1 AND user_id IS NULL`, [held.subscriptionId])).toHaveLength(1);
    // late activity is still refused: the ranking's tombstone keeps only a digest of the id
    const digest = createHash('sha256').update(user.id).digest('hex');
    expect(await t.sql(`SELECT 1 FROM ranking.deleted_users WHERE user_digest = $1`, [digest])).toHaveLength(1);

    // nor does Redis keep a key, a board entry or a session of the user (a throttle marker that expires
    // within a minute, such as the heartbeat's, is not kept)
    const redis = new Redis(t.env.REDIS_URL!);
    try {
      const leftovers: string[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${t.env.KEY_PREFIX}*`, 'COUNT', 1000);
        cursor = next;
        scanned.keys += keys.length;
        for (const key of keys) {
          if (key.endsWith(`:${user.id}`)) {
            const ttl = await redis.pttl(key);
            if (ttl < 0 || ttl > 60_000) leftovers.push(`${key} (expira em ${ttl} ms)`);
          }
          const type = await redis.type(key);
          if (type === 'zset' && (await redis.zrange(key, 0, -1)).some((m) => m === user.id || m.endsWith(`:${user.id}`))) leftovers.push(`${key} (membro)`);
          if (type === 'hash' && (await redis.hexists(key, user.id))) leftovers.push(`${key} (campo)`);
          if (type === 'string' && (await redis.get(key)) === user.id) leftovers.push(`${key} (sessão)`);
        }
      } while (cursor !== '0');
      expect(leftovers).toEqual([]);
    } finally {
      redis.disconnect();
    }
    process.stdout.write(
      `[privacy] after the deletion: 0 rows naming the user (besides ${audit.length} audit entries of their own requests) in ${scanned.columns} text columns of ${scanned.tables} tables (6 schemas), ` +
        `0 of ${scanned.keys} Redis keys, 0 files; 1 cancellation at the provider; confirmation delivered\n`,
    );
  });
});
