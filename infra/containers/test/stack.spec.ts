/**
 * The docker-compose stack as operators run it, through podman (infra/containers/run.cjs starts it with
 * `npm run containers:up` and removes it with `npm run containers:down`). In order, on one stack:
 * the containers, the journey through the published gateway, then the operator promises that break it.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parse as yamlParse } from 'yaml';
import { cookieOf } from '../../../tests/reliability/support/platform';
import { startLoad, summarize } from '../../../tests/reliability/support/load';
import { buildPdf } from '../../../services/manuals/src/demo-pdf';
import { ADMIN, BASE, compose, containerOf, containers, ENV, eventually, fetchInside, gw, podman, podmanStatus, psql, ROOT, S, sleep, waitHealthy } from './stack';

const SERVICES = ['auth', 'catalog', 'courses', 'manuals', 'ranking', 'billing'];
/** The gateway's nginx errors and warnings logged since `since` (its error log is the container's stderr). */
function gatewayErrorsSince(since: Date): string[] {
  const r = podmanStatus(['logs', '--since', since.toISOString(), containerOf('gateway').name]);
  return `${r.stdout}\n${r.stderr}`.split('\n').filter((line) => /\[(error|warn|crit|alert)\]/.test(line));
}

const CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Técnico Contêiner' };

/** What the journey leaves behind, checked again after down/up. */
const journey = {
  email: `conteiner-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`,
  password: 'segredo-conteiner-1',
  cookie: '',
  adminCookie: '',
  contentId: 0,
  videoPath: '',
  video: readFileSync(join(ROOT, 'e2e/fixtures/video-curto.webm')),
  manualCode: `E${randomBytes(2).toString('hex').toUpperCase()}7`,
};

/**
 * A subscriber's GET of the uploaded video through the published gateway: a 302 to a presigned URL of the
 * store, followed on the compose network (no browser reaches the store here: only the gateway is published).
 */
async function streamVideo(cookie: string): Promise<Buffer> {
  const res = await gw('GET', journey.videoPath, { cookie });
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  expect(location.startsWith(`${ENV.S3_PUBLIC_ENDPOINT}/`)).toBe(true);
  const stored = fetchInside(location);
  expect(stored.status).toBe(200);
  return stored.body;
}

async function searchCode(cookie: string): Promise<number> {
  const res = await gw('GET', `/api/manuals/search?q=${journey.manualCode}`, { cookie });
  expect(res.status).toBe(200);
  return (res.json.results as unknown[]).length;
}

/**
 * The journey's subscriber, made once (register, the confirmation e-mail from the compose mail catcher, the
 * sandbox subscription, active): the journey asserts it step by step, and the operator promises that need an
 * active subscriber await the same promise, so they never depend on an earlier test having passed.
 */
let subscriberMade: Promise<void> | undefined;
const subscriber = (): Promise<void> => (subscriberMade ??= makeSubscriber());

async function makeSubscriber(): Promise<void> {
  const reg = await gw('POST', '/api/auth/register', { body: { name: 'Técnico Contêiner', email: journey.email, password: journey.password } });
  expect([reg.status, reg.text]).toEqual([201, reg.text]);
  journey.cookie = cookieOf(reg);
  const mail = await eventually(() => {
    // MailDev 3 answers its REST API under /api (GET /api/email: the whole inbox, an array)
    const answer = fetchInside('http://maildev:1080/api/email', {}, 'maildev');
    const inbox = JSON.parse(answer.body.toString()) as unknown;
    if (!Array.isArray(inbox)) throw new Error(`caixa do MailDev inesperada (${answer.status}): ${answer.body.toString().slice(0, 200)}`);
    const m = (inbox as { subject: string; text?: string; html?: string; to: { address: string }[] }[]).find((x) => x.to.some((t) => t.address === journey.email) && /Confirme seu e-mail/.test(x.subject));
    if (!m) throw new Error('nenhum e-mail de confirmação ainda');
    return m;
  });
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text ?? mail.html ?? '')?.[1];
  expect(token).toBeTruthy();
  const verified = await gw('POST', '/api/auth/verify-email', { body: { token } });
  expect(verified.status).toBe(200);
  expect((await gw('GET', '/api/users/me', { cookie: journey.cookie })).json).toMatchObject({ email_verified: true });

  const checkout = await gw('POST', '/api/billing/checkout', { cookie: journey.cookie, body: { plan: 'monthly' } });
  expect([checkout.status, checkout.json.url]).toEqual([200, expect.stringMatching(/^\/api\/billing\/sandbox\/checkout\//)]);
  const page = await gw('GET', checkout.json.url as string, { cookie: journey.cookie });
  expect(page.text).toContain('Ambiente de demonstração');
  const done = await gw('POST', `${checkout.json.url as string}/complete`, {
    cookie: journey.cookie,
    body: new URLSearchParams(CARD).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(done.status).toBe(303);
  await eventually(async () => expect((await gw('GET', '/api/users/me', { cookie: journey.cookie })).json).toMatchObject({ subscription_status: 'active' }));
}

/** The administrator's session and the published content with its uploaded video, made once (see subscriber()). */
let contentMade: Promise<void> | undefined;
const content = (): Promise<void> => (contentMade ??= makeContent());

async function makeContent(): Promise<void> {
  const login = await gw('POST', '/api/admin/auth/login', { body: ADMIN });
  expect([login.status, login.text]).toEqual([200, login.text]);
  journey.adminCookie = cookieOf(login);
  const form = new FormData();
  form.append('video', new Blob([journey.video], { type: 'video/webm' }), 'video-curto.webm');
  const up = await fetch(`${BASE}/api/admin/upload-video`, { method: 'POST', headers: { cookie: journey.adminCookie }, body: form });
  expect(up.status).toBe(201);
  journey.videoPath = ((await up.json()) as { url: string }).url;
  const categories = await gw('GET', '/api/admin/categories', { cookie: journey.adminCookie });
  let categoryId = (categories.json as unknown as { id: number }[])[0]?.id;
  if (!categoryId) {
    const cat = await gw('POST', '/api/admin/categories', { cookie: journey.adminCookie, body: { name: 'Contêineres', slug: `conteineres-${Date.now()}`, description: 'Conteúdos do teste' } });
    categoryId = cat.json.id as number;
  }
  const created = await gw('POST', '/api/admin/contents', {
    cookie: journey.adminCookie,
    body: { title: 'Limpeza do evaporador (contêiner)', description: 'Passo a passo.', category_id: categoryId, video_file_url: journey.videoPath, video_orientation: 'horizontal', tags: '["limpeza"]', is_published: 1 },
  });
  expect([created.status, created.text]).toEqual([201, created.text]);
  journey.contentId = created.json.id as number;
}

/** The manual with the journey's error code, uploaded and published, found by the search once its text is read (see subscriber()). */
let manualMade: Promise<void> | undefined;
const manual = (): Promise<void> => (manualMade ??= makeManual());

async function makeManual(): Promise<void> {
  await subscriber();
  await content();
  const form = new FormData();
  form.append('file', new Blob([buildPdf({ title: 'Split Contêiner', header: 'Manual de serviço', footer: 'Rodapé', pages: [[{ text: 'Tabela de erros' }], [{ text: `Código ${journey.manualCode}: falha no sensor de degelo` }]] })], { type: 'application/pdf' }), 'manual.pdf');
  const up = await fetch(`${BASE}/api/admin/upload-manual`, { method: 'POST', headers: { cookie: journey.adminCookie }, body: form });
  expect(up.status).toBe(201);
  const { url } = (await up.json()) as { url: string };
  const created = await gw('POST', '/api/admin/manuals', {
    cookie: journey.adminCookie,
    body: { title: 'Split Contêiner 12000', manufacturer_name: 'Fabricante Contêiner', model_name: 'SC-12', file_url: url, manual_type: 'service', description: 'Códigos de erro.', is_published: 1 },
  });
  expect([created.status, created.text]).toEqual([201, created.text]);
  await eventually(async () => expect(await searchCode(journey.cookie)).toBe(1), 120_000, 2000);
}

describe('the containers', () => {
  it('every container is running and every HEALTHCHECK turned healthy', () => {
    const list = containers();
    // what the compose files declare, resolved: the workers answer no HTTP (docker-compose.yml disables their
    // check); an image of our Dockerfiles carries its own HEALTHCHECK; the local mail catcher has none;
    // minio-bucket runs once and exits
    type Declared = { build?: unknown; healthcheck?: { disable?: boolean; test?: string[] } };
    const declared = (yamlParse(compose(['config'])) as { services: Record<string, Declared> }).services;
    const names = Object.keys(declared).filter((x) => x !== 'minio-bucket');
    // `healthcheck: { disable: true }` resolves to `test: [NONE]`
    const disabled = (d: Declared) => d.healthcheck?.disable === true || d.healthcheck?.test?.[0] === 'NONE';
    const unchecked = names.filter((x) => {
      const d = declared[x]!;
      return disabled(d) || (!d.healthcheck && d.build === undefined);
    });
    expect(unchecked).toEqual(expect.arrayContaining(['catalog-worker', 'manuals-worker', 'ranking-worker']));
    for (const s of [...SERVICES, 'gateway', 'postgres', 'redis', 'minio']) expect([s, unchecked.includes(s)]).toEqual([s, false]);
    for (const s of names) expect([s, list.some((c) => c.service === s && c.state === 'running')]).toEqual([s, true]);
    for (const c of list.filter((x) => x.state === 'running' && !unchecked.includes(x.service))) expect([c.name, c.health]).toEqual([c.name, 'healthy']);
  });

  it('publishes only the gateway', () => {
    const list = JSON.parse(podman(['ps', '--filter', `label=com.docker.compose.project=${S.project}`, '--format', 'json'])) as { Labels: Record<string, string>; Ports: unknown[] | null }[];
    expect(list.filter((c) => c.Ports?.length).map((c) => c.Labels['com.docker.compose.service'])).toEqual(['gateway']);
  });

  it('runs the services as uid 1000 on a read-only root filesystem, and the gateway workers as nginx', () => {
    for (const s of [...SERVICES, 'ranking-worker', 'manuals-worker']) {
      const c = containerOf(s);
      expect([s, podman(['exec', c.name, 'id', '-u']).trim()]).toEqual([s, '1000']);
      expect([s, podman(['inspect', '--format', '{{.HostConfig.ReadonlyRootfs}}', c.name]).trim()]).toEqual([s, 'true']);
      expect([s, podmanStatus(['exec', c.name, 'touch', '/app/escrita']).status]).not.toEqual([s, 0]);
    }
    const workers = podman(['exec', containerOf('gateway').name, 'sh', '-c', "ps -o user= -C nginx 2>/dev/null || for p in /proc/[0-9]*; do [ \"$(cat $p/comm)\" = nginx ] && stat -c %U $p; done; true"]);
    expect(workers.split('\n').filter(Boolean)).toContain('nginx');
  });
});

describe('the journey through the compose gateway', () => {
  it('registers, confirms the e-mail from the compose mail catcher, subscribes with the sandbox', async () => {
    await subscriber();
    expect((await gw('GET', '/api/users/me', { cookie: journey.cookie })).json).toMatchObject({ email: journey.email, email_verified: true, subscription_status: 'active' });
  });

  it('an administrator uploads a video and publishes a content; the subscriber opens it and streams the video', async () => {
    await subscriber();
    await content();
    const opened = await gw('GET', `/api/contents/${journey.contentId}`, { cookie: journey.cookie });
    expect([opened.status, opened.json.title]).toEqual([200, 'Limpeza do evaporador (contêiner)']);
    expect((await streamVideo(journey.cookie)).equals(journey.video)).toBe(true);
  });

  it('an administrator uploads a manual; the subscriber finds an error code in it', async () => {
    await subscriber();
    await manual();
    expect(await searchCode(journey.cookie)).toBe(1);
  });

  it('heartbeats while a video plays earn points; the admin dashboard counts the subscriber', async () => {
    await subscriber();
    await content();
    const beat = await gw('POST', '/api/users/session/heartbeat', { cookie: journey.cookie, body: { activity: 'video', visible: true } });
    expect(beat.status).toBe(200);
    // one heartbeat every 30 s while the video plays, as the player sends them, until the worker has counted points
    await eventually(async () => {
      const stats = await gw('GET', '/api/users/me/stats', { cookie: journey.cookie });
      expect(stats.status).toBe(200);
      if (!((stats.json.points as number) > 0)) {
        await gw('POST', '/api/users/session/heartbeat', { cookie: journey.cookie, body: { activity: 'video', visible: true } });
        throw new Error(`pontos ainda ${String(stats.json.points)}`);
      }
    }, 150_000, 30_000);
    const dash = await gw('GET', '/api/admin/stats', { cookie: journey.adminCookie });
    expect(dash.status).toBe(200);
    expect(JSON.stringify(dash.json)).toMatch(/\d/);
    const admin = await fetch(`${BASE}/admin/`, { headers: { cookie: journey.adminCookie } });
    expect(admin.status).toBe(200);
  });
});

describe('the operator promises', () => {
  it('refuses a forged identity sent straight to a service on the compose network', () => {
    const forged = {
      'x-user-id': 'u_forjado',
      'x-user-email': 'atacante%40example.com',
      'x-user-status': 'active',
      'x-user-is-admin': '1',
      'x-admin-id': '1',
      'x-admin-username': 'admin',
      'x-identity-assertion': 'eyJhbGciOiJub25lIn0.eyJ1Ijp7fX0.',
    };
    for (const [service, path] of [['auth', '/api/users/me'], ['catalog', '/api/admin/contents'], ['auth', '/api/admin/users']] as const) {
      const port = { auth: 3001, catalog: 3002 }[service];
      const res = fetchInside(`http://${service}:${port}${path}`, { headers: forged });
      expect([service, path, res.status]).toEqual([service, path, 401]);
    }
  });

  it('three replicas started together on pending migrations applied them exactly once', () => {
    const replicas = containers().filter((c) => c.service === 'courses');
    expect(replicas.length).toBeGreaterThanOrEqual(3);
    const names = psql("select name from courses.migrations order by id").split('\n').filter(Boolean);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  it('--scale catalog=3: requests reach all three; one killed under load fails no request', async () => {
    await subscriber();
    await content();
    compose(['up', '-d', '--no-build', '--no-recreate', '--scale', 'catalog=3']);
    try {
      await waitHealthy();
      compose(['restart', 'gateway']);
      await waitHealthy();
      const replicas = containers().filter((c) => c.service === 'catalog' && c.state === 'running');
      expect(replicas).toHaveLength(3);
      const before = replicas.map((c) => metricsCount(c.name));
      for (let i = 0; i < 60; i++) {
        const res = await gw('GET', '/api/contents', { cookie: journey.cookie });
        // a failure names the request, its answer and its request id (the gateway's and the services' logs carry it)
        expect([i, res.status, res.status === 200 ? '' : `${res.text} (${res.headers.get('x-request-id')})`]).toEqual([i, 200, '']);
      }
      const after = replicas.map((c) => metricsCount(c.name));
      expect(after.map((n, i) => n > before[i]!)).toEqual([true, true, true]);

      // a request the dead replica held on a connection that went silent (its close lost with its network) is passed
      // to another replica after the gateway's answer wait (UPSTREAM_ANSWER_TIMEOUT_S): the client waits longer than that
      const load = startLoad(BASE, ['/api/contents', `/api/contents/${journey.contentId}`], { concurrency: 4, cookie: journey.cookie, timeoutMs: 30_000 });
      await sleep(3000);
      const killedAt = new Date();
      podman(['kill', replicas[1]!.name]);
      await sleep(5000);
      const outcomes = await load.stop();
      const summary = summarize(outcomes);
      process.stdout.write(`--scale catalog=3, uma réplica morta sob carga: ${JSON.stringify(summary)}\n`);
      expect(outcomes.length).toBeGreaterThan(50);
      const failed = outcomes.filter((o) => o.status !== 200);
      // a failure shows what the gateway made of the dead replica from the kill on (nginx's errors and warnings)
      const gateway = failed.length ? gatewayErrorsSince(killedAt) : [];
      expect({ failed, gateway }).toEqual({ failed: [], gateway: [] });
    } finally {
      // back to one replica whatever happened: the next promises wait for a healthy stack, which a killed replica left
      // in place never is
      compose(['up', '-d', '--no-build', '--scale', 'catalog=1']);
      compose(['restart', 'gateway']);
      await waitHealthy();
    }
  });

  it('stopping PostgreSQL or Redis answers clean 503s, and the stack recovers when they are back', async () => {
    await subscriber();
    // 'Continuar assistindo' reads PostgreSQL on every request; the contents list may still be answered from the
    // catalog's kept answers while PostgreSQL is down (the identity is held in Redis), and then it is a 200
    for (const dep of ['postgres', 'redis']) {
      compose(['stop', dep]);
      const res = await eventually(async () => {
        const r = await gw('GET', '/api/contents/continue', { cookie: journey.cookie, timeoutMs: 15_000 });
        expect(r.status).toBe(503);
        return r;
      }, 60_000, 1000);
      expect(typeof res.json.error).toBe('string');
      const list = await gw('GET', '/api/contents', { cookie: journey.cookie, timeoutMs: 15_000 });
      expect([dep, list.status === 200 || (list.status === 503 && typeof list.json.error === 'string')]).toEqual([dep, true]);
      compose(['start', dep]);
      for (const path of ['/api/contents/continue', '/api/contents']) {
        await eventually(async () => expect((await gw('GET', path, { cookie: journey.cookie })).status).toBe(200), 120_000, 1000);
      }
    }
    await waitHealthy();
  });

  it('down then up keeps every row, file and session (the volumes)', async () => {
    await subscriber();
    await manual();
    compose(['down', '--timeout', '20']);
    expect(containers()).toEqual([]);
    compose(['up', '-d', '--no-build']);
    await waitHealthy();
    const me = await gw('GET', '/api/users/me', { cookie: journey.cookie });
    expect([me.status, me.json.email]).toEqual([200, journey.email]);
    expect((await gw('GET', `/api/contents/${journey.contentId}`, { cookie: journey.cookie })).status).toBe(200);
    expect((await streamVideo(journey.cookie)).equals(journey.video)).toBe(true);
    expect(await searchCode(journey.cookie)).toBe(1);
  });

  it('a backup (infra/ops/backup.sh) restores into a fresh stack', async () => {
    await subscriber();
    await manual();
    const dir = mkdtempSync(join(tmpdir(), 'clima-backup-'));
    chmodSync(dir, 0o777);
    const ops = ['-v', `${join(ROOT, 'infra/ops')}:/ops:ro`, '-v', `${dir}:/backup`];
    const dbUrl = `postgres://clima:${ENV.POSTGRES_PASSWORD}@postgres:5432/clima`;
    // `docker-compose run --rm --no-deps` as podman does it: docker-compose 1.29's run asks for container links,
    // which podman's API refuses. The service's image on the stack's network, with the store's named volume.
    const run = (image: string, env: string[], script: string, target: string, volume?: string) =>
      podman(['run', '--rm', '--network', `${S.project}_default`, ...ops, ...(volume ? ['-v', `${S.project}_${volume}`] : []), ...env.flatMap((e) => ['-e', e]), '--entrypoint', 'bash', image, script, target]);
    const db = (script: string) => run('localhost/clima-base/postgres:15', ['SKIP_STORAGE=1', `DATABASE_URL=${dbUrl}`], script, '/backup/db');
    // the fresh store is not empty (s3rver made the bucket's folder at start): its files are replaced
    const files = (script: string) => run('localhost/clima/local-tools:local', ['SKIP_DATABASE=1', 'STORAGE_DIR=/data', 'RESTORE_OVERWRITE=1'], script, '/backup/files', 'miniodata:/data');
    try {
      // the database half from the PostgreSQL image, the files half from the store's (s3rver keeps them as files)
      db('/ops/backup.sh');
      files('/ops/backup.sh');
      compose(['down', '--volumes', '--timeout', '20']);
      compose(['up', '-d', '--no-build', 'postgres', 'minio']);
      await waitHealthy();
      db('/ops/restore.sh');
      files('/ops/restore.sh');
      compose(['up', '-d', '--no-build']);
      await waitHealthy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // sessions live in Redis, which a backup does not keep: the subscriber signs in again
    const signin = await gw('POST', '/api/auth/signin', { body: { email: journey.email, password: journey.password } });
    expect([200, 201]).toContain(signin.status);
    const cookie = cookieOf(signin);
    expect((await gw('GET', '/api/users/me', { cookie })).json).toMatchObject({ email: journey.email, subscription_status: 'active' });
    expect((await gw('GET', `/api/contents/${journey.contentId}`, { cookie })).status).toBe(200);
    expect((await streamVideo(cookie)).equals(journey.video)).toBe(true);
    expect(await searchCode(cookie)).toBe(1);
  });
});

function metricsCount(container: string): number {
  const script = `fetch('http://127.0.0.1:3002/metrics',{headers:{authorization:'Bearer '+process.env.METRICS_TOKEN}}).then(r=>r.text()).then(t=>process.stdout.write(t))`;
  const text = podman(['exec', container, 'node', '-e', script]);
  let total = 0;
  for (const m of text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)) if (m[1]!.includes('route="/api/contents')) total += Number(m[2]);
  return total;
}
