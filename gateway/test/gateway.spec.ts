/**
 * The real nginx in front of the real services (built from dist), on this run's database and key prefix:
 * every path of the route table reaches its owner, identity comes only from the auth service, and the
 * gateway's own answers (404, 413, refused Origin) are JSON.
 */
import { connect } from 'node:net';
import { Client } from 'pg';
import { fillPath, ROUTES } from '../src/routes';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform, testPlatformEnv } = require('../../infra/platform.cjs') as typeof import('../../infra/platform.cjs');
import type { Platform } from '../../infra/platform.cjs';

jest.setTimeout(120_000);

let platform: Platform;
let base: string;

async function call(method: string, path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> };
}

function cookieOf(res: { headers: Headers }): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function registerUser(tag: string) {
  const email = `gw-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await call('POST', '/api/auth/register', { body: { name: `Gateway ${tag}`, email, password: 'segredo123' } });
  expect(res.status).toBeLessThan(300);
  return { email, cookie: cookieOf(res), id: (res.json as { id: string }).id };
}

/**
 * Sends a request's head and only the first bytes of the body it declares, then reads the answer (head and the
 * body received within a second of it) without sending the rest.
 */
function partialUpload(path: string, cookie: string, declared: number, first: Buffer, type: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = rest.join('\r\n\r\n');
      // the body as sent (chunked or not): from its first brace to its last
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) });
    };
    socket.on('error', reject);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      if (!timer && Buffer.concat(chunks).includes('\r\n\r\n')) timer = setTimeout(finish, 1000);
    });
    socket.on('end', finish);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: ${type}\r\nContent-Length: ${declared}\r\nConnection: keep-alive\r\n\r\n`,
    );
    socket.write(first);
  });
}

async function sql(query: string, params: unknown[] = []) {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query(query, params);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const env = await testPlatformEnv({ DATABASE_URL: process.env.DATABASE_URL!, KEY_PREFIX: process.env.KEY_PREFIX!, IDENTITY_CACHE_SECONDS: '1', IDENTITY_REDIS_SECONDS: '1' });
  platform = await startPlatform({ env, install: false, build: false, seed: false });
  base = `http://127.0.0.1:${env.GATEWAY_PORT}`;
});

afterAll(async () => {
  await platform?.stop();
});

describe('route table through the real nginx', () => {
  it('brings every route to the service that owns it', async () => {
    const wrong: string[] = [];
    for (const r of ROUTES) {
      const res = await call(r.method, fillPath(r.path, { id: 999999, lessonId: 999999, name: 'nao-existe.mp4' }), {
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      const expected = platform.services.includes(r.service) ? r.service : null;
      const got = res.headers.get('x-service');
      if (expected ? got !== expected : res.status !== 503) wrong.push(`${r.method} ${r.path}: ${got ?? res.status} (esperado ${expected ?? 503})`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers unknown /api paths and the internal identity path with 404 JSON', async () => {
    const a = await call('GET', '/api/nao-existe');
    expect(a.status).toBe(404);
    expect(a.json).toEqual({ error: 'Rota não encontrada' });
    expect((await call('GET', '/internal/identity')).status).toBe(404);
    expect((await call('GET', '/_identity')).status).not.toBe(200);
  });

  it('refuses bodies over the limit with 413 JSON before they reach a service', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.c', password: 'segredo123' });
    const res = await call('POST', '/api/auth/register', { body: big });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: 'Conteúdo muito grande' });
  });

  it('closes the connection after an upload refused while its body was still coming, and says so in the answer', async () => {
    // a client that sends its next request on that connection would have it cut (nginx closes after the answer)
    const admin = await registerUser('upload');
    await sql('UPDATE auth.users SET is_admin = true WHERE id = $1', [admin.id]);
    await new Promise((r) => setTimeout(r, 2500));
    const boundary = '----climaGateway';
    const first = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="manual.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.alloc(64 * 1024, 'isto não é um pdf '),
    ]);
    const answer = await partialUpload('/api/admin/upload-manual', admin.cookie, 1024 * 1024, first, `multipart/form-data; boundary=${boundary}`);
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
  });

  it('adds a request id and the security headers', async () => {
    const res = await call('GET', '/api/users/me');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it("puts the security headers and a JSON type on nginx's own errors too, whatever the path's extension", async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const answers = [
      await call('GET', '/api/nao-existe/manual.pdf'),
      await call('GET', '/assets/nao-existe.pdf'),
      await call('GET', '/admin-remote/nao-existe.js'),
      await call('GET', '/internal/identity'),
      await call('POST', '/api/auth/register', { body: big }),
      await call('GET', '/api/%00'),
    ];
    for (const res of answers) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(typeof res.json.error).toBe('string');
    }
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 413, 400]);
  });

  it('marks personalised answers private and never stored', async () => {
    const user = await registerUser('private');
    const me = await call('GET', '/api/users/me', { headers: { cookie: user.cookie } });
    expect(me.headers.get('cache-control')).toMatch(/no-store/);
    const stats = await call('GET', '/api/users/me/stats', { headers: { cookie: user.cookie } });
    expect(stats.headers.get('cache-control')).toBe('private, no-store');
    expect(stats.headers.get('vary')).toMatch(/Cookie/);
  });
});

describe('identity', () => {
  it('comes from the session cookie, never from headers a client sends', async () => {
    const user = await registerUser('forge');
    const forged = { 'x-user-id': user.id, 'x-user-status': 'active', 'x-admin-id': '1', 'x-admin-username': 'admin', 'x-user-is-admin': '1' };
    expect((await call('GET', '/api/admin/users', { headers: forged })).status).toBe(401);
    expect((await call('GET', '/api/admin/administrators', { headers: forged })).status).toBe(401);
    // signed in, but not an admin and not active: the forged headers change nothing
    expect((await call('GET', '/api/admin/users', { headers: { ...forged, cookie: user.cookie } })).status).toBe(403);
    if (platform.services.includes('courses')) {
      expect((await call('GET', '/api/courses/1', { headers: forged })).status).toBe(401);
      expect((await call('GET', '/api/courses/1', { headers: { ...forged, cookie: user.cookie } })).status).toBe(403);
    }
  });

  it('reaches the owning service with the right user', async () => {
    const user = await registerUser('me');
    const me = await call('GET', '/api/users/me', { headers: { cookie: user.cookie } });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(user.email);
    if (platform.services.includes('ranking')) {
      expect((await call('GET', '/api/users/me/stats')).status).toBe(401);
      expect((await call('GET', '/api/users/me/stats', { headers: { cookie: user.cookie } })).status).toBe(200);
    }
  });

  it('lets an end user with the is_admin flag use admin routes, and takes it away within seconds', async () => {
    const user = await registerUser('flag');
    await sql('UPDATE auth.users SET is_admin = true WHERE id = $1', [user.id]);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await call('GET', '/api/admin/users', { headers: { cookie: user.cookie } })).status).toBe(200);
    await sql('UPDATE auth.users SET is_admin = false WHERE id = $1', [user.id]);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await call('GET', '/api/admin/users', { headers: { cookie: user.cookie } })).status).toBe(403);
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await call('POST', '/api/auth/signin', { headers: { origin: 'https://evil.example' }, body: { email: 'a@b.c', password: 'x' } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: 'Origem da requisição não permitida' });
    const same = await call('POST', '/api/auth/signin', { headers: { origin: platform.env.PUBLIC_URL }, body: { email: 'ninguem@example.com', password: 'x' } });
    expect(same.status).toBe(401);
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const user = await registerUser('logout');
    expect((await call('GET', '/api/logout', { headers: { cookie: user.cookie } })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { headers: { cookie: user.cookie } })).status).toBe(401);
  });
});

describe('public lists read anonymously (nginx keeps them 1 s)', () => {
  it('serves callers without cookies from its cache, never a signed-in answer, never with an identity a client sent', async () => {
    const admin = await registerUser('cache-admin');
    await sql('UPDATE auth.users SET is_admin = true WHERE id = $1', [admin.id]);
    await new Promise((r) => setTimeout(r, 2500));
    const asAdmin = { cookie: admin.cookie };
    const subscriber = await registerUser('cache-sub');
    const activated = await call('PUT', `/api/admin/users/${subscriber.id}`, {
      headers: asAdmin,
      body: { subscription_status: 'active', subscription_plan: 'monthly', subscription_expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(activated.status).toBe(200);
    const newList = async (tag: string) => {
      const slug = `gw-cache-${tag}-${Date.now()}`;
      expect((await call('POST', '/api/admin/categories', { headers: asAdmin, body: { name: `Cache ${tag}`, slug } })).status).toBe(201);
      const category = (await call('GET', '/api/categories', { headers: asAdmin })).json as unknown as { id: number; slug: string }[];
      const id = category.find((c) => c.slug === slug)!.id;
      const created = await call('POST', '/api/admin/contents', { headers: asAdmin, body: { title: `Conteúdo ${tag}`, category_id: id, tags: '[]', video_url: 'https://youtu.be/assinantes', is_published: 1 } });
      expect(created.status).toBe(201);
      return { path: `/api/contents?category=${slug}`, contentId: (created.json as { id: number }).id };
    };
    const video = (res: { json: unknown }) => (res.json as unknown as { video_url: string | null }[])[0]?.video_url;

    const { path, contentId } = await newList('a');
    const first = await call('GET', path);
    expect([first.status, first.headers.get('x-cache-status'), video(first)]).toEqual([200, 'MISS', null]);
    const second = await call('GET', path);
    expect([second.status, second.headers.get('x-cache-status'), second.text]).toEqual([200, 'HIT', first.text]);
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");

    // signed in (any cookie at all): past the cache, to the service, with the caller's identity
    const signedIn = await call('GET', path, { headers: { cookie: subscriber.cookie } });
    expect([signedIn.headers.get('x-cache-status'), video(signedIn)]).toEqual([null, 'https://youtu.be/assinantes']);
    expect((await call('GET', path, { headers: { cookie: 'tema=escuro' } })).headers.get('x-cache-status')).toBeNull();
    expect(video(await call('GET', path))).toBeNull();

    // a subscriber's genuine assertion sent by an anonymous client is removed: the service sees no identity
    const asserted = await fetch(`http://127.0.0.1:${platform.ports.auth}/internal/identity`, { headers: { cookie: subscriber.cookie, 'x-original-method': 'GET' } });
    const assertion = asserted.headers.get('x-identity-assertion')!;
    expect(assertion).toBeTruthy();
    const other = await newList('b');
    const smuggled = await call('GET', other.path, { headers: { 'x-identity-assertion': assertion } });
    expect([smuggled.headers.get('x-cache-status'), video(smuggled)]).toEqual(['MISS', null]);

    // an administrator's edit: the next signed-in request sees it; anonymous callers once nginx's second is over
    // (it counts whole seconds: 1 to 2 s)
    expect((await call('PUT', `/api/admin/contents/${contentId}`, { headers: asAdmin, body: { title: 'Editado agora' } })).status).toBe(200);
    const edited = Date.now();
    const title = (res: { json: unknown }) => (res.json as unknown as { title: string }[])[0]?.title;
    expect(title(await call('GET', path, { headers: { cookie: subscriber.cookie } }))).toBe('Editado agora');
    let anonymous = title(await call('GET', path));
    while (anonymous !== 'Editado agora' && Date.now() - edited < 3000) {
      await new Promise((r) => setTimeout(r, 100));
      anonymous = title(await call('GET', path));
    }
    expect(anonymous).toBe('Editado agora');
    expect(Date.now() - edited).toBeLessThan(2600);
  });
});

describe('the web shell as an installable app', () => {
  const gzip = { 'accept-encoding': 'gzip' };

  it('revalidates the service worker, the manifest and the page on every load, with their types', async () => {
    for (const [path, type] of [
      ['/sw.js', 'application/javascript'],
      ['/manifest.webmanifest', 'application/manifest+json'],
      ['/', 'text/html'],
      ['/contents', 'text/html'],
    ] as const) {
      const res = await call('GET', path, { headers: gzip });
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, 'no-cache']);
      expect(res.headers.get('content-type')).toContain(type);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    // a missing worker is a 404, never the page in its place (a browser would try to run HTML)
    const missing = await call('GET', '/workbox-nao-existe.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
  });

  it('sends the hashed files compressed ahead of time and cached for a year, the icons for a day', async () => {
    const page = await call('GET', '/', { headers: gzip });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const scripts = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    for (const path of scripts) {
      const res = await call('GET', path, { headers: gzip });
      expect([path, res.status, res.headers.get('cache-control'), res.headers.get('content-encoding')]).toEqual([path, 200, 'public, max-age=31536000, immutable', 'gzip']);
    }
    const runtime = (await call('GET', '/sw.js')).text.match(/workbox-[A-Za-z0-9_-]+/)?.[0];
    expect(runtime).toBeTruthy();
    expect((await call('GET', `/${runtime}.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await call('GET', '/icons/clima-pro-192.png');
    expect([icon.status, icon.headers.get('content-type'), icon.headers.get('cache-control')]).toEqual([200, 'image/png', 'public, max-age=86400']);
  });
});
