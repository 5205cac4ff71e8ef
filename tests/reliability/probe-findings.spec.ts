/**
 * The security probe's findings of 27/11/2026 (issue 24), each held through the real nginx in front of the
 * real services: the client address comes only from the gateway, the public certificate lookup is limited per
 * address, paid files carry one Cache-Control, anonymous copies of the public lists are at most 1 s old.
 */
import { pdfBytes } from '../../packages/storage/src/testing/fixtures';
import { LOOKUP_BURST } from '../../gateway/src/routes';
import { sleep, startTestPlatform, TestPlatform, uniqueId } from './support/platform';
import { adminLogin, adminUpdateUser, ACTIVE, registerUser } from './support/roles';

jest.setTimeout(180_000);

let t: TestPlatform;
let admin: string;

// a machine shared with other work can take minutes to start the platform
beforeAll(async () => {
  t = await startTestPlatform({ tag: 'probe', seed: true });
  admin = await adminLogin(t);
}, 600_000);

afterAll(async () => {
  await t?.stop();
}, 120_000);

/** Sends a multipart upload through the gateway as the administrator. */
async function upload(path: string, field: string, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), filename);
  const res = await fetch(`${t.base}${path}`, { method: 'POST', headers: { cookie: admin, origin: t.env.PUBLIC_URL! }, body: form });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The claims of a compact JWS (the identity assertion), unverified: only read here. */
const claimsOf = (jws: string | null) => JSON.parse(Buffer.from(String(jws).split('.')[1] ?? '', 'base64url').toString('utf8')) as { ip?: string };

describe('the client address the limits count', () => {
  it('is the gateway’s word only: a caller on the private network cannot choose it with X-Real-IP', async () => {
    const direct = await fetch(`http://127.0.0.1:${t.platform.ports.auth}/internal/identity`, { headers: { 'x-real-ip': '203.0.113.66', 'x-original-method': 'GET' } });
    expect(direct.status).toBe(204);
    expect(claimsOf(direct.headers.get('x-identity-assertion')).ip).not.toBe('203.0.113.66');
    // a made-up gateway token is no better
    const guessed = await fetch(`http://127.0.0.1:${t.platform.ports.auth}/internal/identity`, {
      headers: { 'x-real-ip': '203.0.113.66', 'x-original-method': 'GET', 'x-gateway-token': 'a'.repeat(48) },
    });
    expect(claimsOf(guessed.headers.get('x-identity-assertion')).ip).not.toBe('203.0.113.66');
  });
});

describe('the public certificate lookup', () => {
  it('is limited per client address by nginx: a burst past the limit is answered 429 in JSON, with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: LOOKUP_BURST + 15 }, () => t.call('GET', '/api/public/certificates/ABCDEFGHJKLM')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(refused[0]!.json).toEqual({ error: 'Muitas requisições. Aguarde alguns instantes e tente novamente.' });
    expect(refused[0]!.headers.get('retry-after')).toBe('1');
    // the limit refills: a while later the lookup answers again
    await sleep(1500);
    expect((await t.call('GET', '/api/public/certificates/ABCDEFGHJKLM')).status).toBe(404);
  });
});

describe('paid files', () => {
  it('carry one Cache-Control, private and short, through the gateway', async () => {
    const up = await upload('/api/admin/upload-manual', 'file', pdfBytes(4096), 'manual.pdf', 'application/pdf');
    expect(up.status).toBe(201);
    const created = await t.call('POST', '/api/admin/manuals', {
      cookie: admin,
      body: { title: 'Manual da sonda', manufacturer_name: `Sonda ${uniqueId()}`, model_name: 'M1', file_url: up.json.url },
    });
    expect(created.status).toBe(201);
    await t.call('PUT', `/api/admin/manuals/${String(created.json.id)}`, { cookie: admin, body: { is_published: true } });
    const subscriber = await registerUser(t, 'arquivo');
    await adminUpdateUser(t, admin, subscriber.userId, ACTIVE());

    const res = await fetch(`${t.base}${String(up.json.url)}`, { headers: { cookie: subscriber.cookie } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).length).toBe(4096);
    // fetch joins repeated headers with ', ': two values would read 'private, max-age=300, private, max-age=3600'
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
  });
});

describe("nginx's anonymous copies of the public lists", () => {
  /** Waits until the wall clock reaches `at` (ms since the epoch; nginx and this process share the machine's clock). */
  const until = (at: number) => sleep(Math.max(0, at - Date.now()));

  it('show an administrator’s change at most 1 s after the copy was made', async () => {
    const name = `Categoria ${uniqueId()}`;
    const anonymousNames = async () => {
      const res = await t.call('GET', '/api/categories');
      expect(res.status).toBe(200);
      return { names: (JSON.parse(res.text) as { name: string }[]).map((c) => c.name), cache: res.headers.get('x-cache-status') };
    };
    // nothing this suite read anonymously is kept any more (a copy lived at most 2 s before the fix)
    await sleep(2100);
    // the copy is made at the very start of a second: the longest a copy could live
    const second = Math.floor(Date.now() / 1000) + 1;
    await until(second * 1000 + 50);
    const before = await anonymousNames();
    expect(before.cache).toBe('MISS');
    expect(before.names).not.toContain(name);
    const made = await t.call('POST', '/api/admin/categories', { cookie: admin, body: { name } });
    expect(made.status).toBe(201);
    // 1.1 s after the copy was made
    await until((second + 1) * 1000 + 150);
    const after = await anonymousNames();
    expect(after.names).toContain(name);
  });
});
