/**
 * Authorization matrix, generated from the gateway's route table: every /api route called through the
 * real nginx as each kind of caller. The expected answer of each access level is declared once; the few
 * public routes that answer 401 by design (who-am-I questions) are listed with their reason. A route
 * added to the table is checked the moment it exists; an access level nobody declared fails the suite.
 */
import { fillPath, Route, ROUTES } from '../../gateway/src/routes';
import { Answer, startTestPlatform, TestPlatform } from './support/platform';
import { ACTIVE, adminLogin, adminUpdateUser, Caller, registerUser, Role, ROLES, seedRoles } from './support/roles';

jest.setTimeout(600_000);

type Expected = 'allowed' | 401 | 403 | 503;

/** The one declaration of who may call what (see packages/common/src/identity/access.ts). */
const BY_ACCESS: Record<string, Record<Role, Expected>> = {
  public: { anonymous: 'allowed', inactive: 'allowed', subscriber: 'allowed', other: 'allowed', administrator: 'allowed', userAdmin: 'allowed' },
  // an administrator account is not an end user: user routes ask it to sign in as one
  user: { anonymous: 401, inactive: 'allowed', subscriber: 'allowed', other: 'allowed', administrator: 401, userAdmin: 'allowed' },
  subscriber: { anonymous: 401, inactive: 403, subscriber: 'allowed', other: 403, administrator: 401, userAdmin: 403 },
  admin: { anonymous: 401, inactive: 403, subscriber: 403, other: 403, administrator: 'allowed', userAdmin: 'allowed' },
};

/** Public routes whose own answer is not an authorization matter for some callers, and why. */
const OWN_ANSWERS: Record<string, { roles: Role[]; status: number; why: string }> = {
  'GET /api/users/me': { roles: ['anonymous', 'administrator'], status: 401, why: 'who is the signed-in end user: 401 when there is none (spec 7.1)' },
  'GET /api/admin/auth/me': { roles: ['anonymous', 'inactive', 'subscriber', 'other'], status: 401, why: 'who is the signed-in administrator: 401 when there is none' },
  'GET /api/oauth/google/redirect_url': { roles: ROLES, status: 503, why: 'Google sign-in is off without GOOGLE_CLIENT_ID (the suites run without it)' },
};

/** Routes that end the caller's session: called last, once per role. */
const ENDS_SESSION = new Set(['GET /api/logout', 'POST /api/admin/auth/logout']);

const key = (r: Route) => `${r.method} ${r.path}`;

function expected(r: Route, role: Role): Expected {
  const byRole = BY_ACCESS[r.access];
  if (!byRole) throw new Error(`${key(r)}: nível de acesso '${r.access}' sem expectativa declarada`);
  const own = OWN_ANSWERS[key(r)];
  if (r.access === 'public' && own?.roles.includes(role)) return own.status as Expected;
  return byRole[role];
}

let t: TestPlatform;
let callers: Record<Role, Caller>;
/** Ids of real rows, so allowed callers reach the data path and refused callers are refused in front of real data. */
let real: Record<string, string | number>;

beforeAll(async () => {
  t = await startTestPlatform({ tag: 'authz', seed: true });
  callers = await seedRoles(t);
  const one = async (q: string) => ((await t.sql<{ v: string | number }>(q))[0]?.v ?? 999999) as string | number;
  const courseId = await one(`SELECT c.id AS v FROM courses.course c JOIN courses.lesson l ON l.course_id = c.id WHERE c.is_published ORDER BY c.id LIMIT 1`);
  real = {
    content: await one(`SELECT id AS v FROM catalog.contents WHERE is_published = 1 ORDER BY id LIMIT 1`),
    course: courseId,
    lesson: await one(`SELECT id AS v FROM courses.lesson WHERE course_id = ${Number(courseId)} ORDER BY position LIMIT 1`),
    manual: await one(`SELECT id AS v FROM manuals.manuals WHERE is_published ORDER BY id LIMIT 1`),
  };
});

afterAll(async () => {
  await t?.stop();
});

/** Placeholder values: real rows for reads; a missing id for an allowed write (so the matrix changes nothing). */
function pathFor(r: Route, allowed: boolean): string {
  const write = r.method !== 'GET';
  const id = (() => {
    if (!allowed || !write || r.access === 'subscriber') {
      if (r.path.startsWith('/api/contents/') || r.path.startsWith('/api/admin/contents/')) return real.content;
      if (r.path.includes('/courses/')) return real.course;
      if (r.path.includes('/lessons/')) return real.lesson;
      if (r.path.includes('/manuals/')) return real.manual;
    }
    return 999999;
  })();
  return fillPath(r.path, { id, lessonId: real.lesson, name: 'nao-existe.mp4', action: 'cancel' });
}

function bodyFor(r: Route): unknown {
  return r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
}

function judge(r: Route, role: Role, res: Answer): string | null {
  const want = expected(r, role);
  const got = res.status;
  const ok = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
  return ok ? null : `${key(r)} como ${role}: ${got} (esperado ${want === 'allowed' ? 'permitido (não 401/403/5xx)' : want}) ${res.text.slice(0, 120)}`;
}

async function sweep(routes: Route[], roles: Role[], filter: (r: Route, role: Role) => boolean) {
  const wrong: string[] = [];
  let checked = 0;
  for (const r of routes) {
    for (const role of roles) {
      if (!filter(r, role)) continue;
      const allowed = expected(r, role) === 'allowed';
      const res = await t.call(r.method, pathFor(r, allowed), { cookie: callers[role].cookie, body: bodyFor(r) });
      checked++;
      const problem = judge(r, role, res);
      if (problem) wrong.push(problem);
      // a refusal is JSON with a Portuguese message, never an empty or HTML answer
      if (!allowed && typeof res.json.error !== 'string') wrong.push(`${key(r)} como ${role}: recusa sem { error } (${res.text.slice(0, 80)})`);
    }
  }
  return { wrong, checked };
}

/** Rows in every table of every service schema (outboxes excluded: the relays empty them on their own). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await t.sql<{ s: string; n: string }>(
    `SELECT table_schema AS s, table_name AS n FROM information_schema.tables
      WHERE table_schema IN ('auth','catalog','courses','manuals','ranking','billing') AND table_type = 'BASE TABLE' AND table_name <> 'outbox'`,
  );
  const q = tables.map((x) => `SELECT '${x.s}.${x.n}' AS t, count(*)::int AS c FROM "${x.s}"."${x.n}"`).join(' UNION ALL ');
  const rows = await t.sql<{ t: string; c: number }>(q);
  return Object.fromEntries(rows.map((r) => [r.t, r.c]));
}

async function stableCounts(): Promise<Record<string, number>> {
  // the manuals' text worker reads each PDF in a process of its own: the counts settle once no manual waits for it
  for (let i = 0; i < 240; i++) {
    const [{ n }] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM manuals.manuals WHERE text_status = 'pending'`);
    if (!n) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  let last = await rowCounts();
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await rowCounts();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

const counted = { denied: 0, allowed: 0, sessionEnding: 0, owned: 4 };

describe('authorization matrix (route table × callers)', () => {
  it('declares an expectation for every route and access level of the table', () => {
    const missing = ROUTES.filter((r) => !BY_ACCESS[r.access]).map(key);
    expect(missing).toEqual([]);
    for (const k of Object.keys(OWN_ANSWERS)) expect(ROUTES.some((r) => key(r) === k && r.access === 'public')).toBe(true);
    for (const k of ENDS_SESSION) expect(ROUTES.some((r) => key(r) === k)).toBe(true);
    expect(ROUTES.every((r) => r.path.startsWith('/api/'))).toBe(true);
  });

  it('refuses every caller the table does not allow, and a refused call changes no row', async () => {
    const before = await stableCounts();
    const routes = ROUTES.filter((r) => !ENDS_SESSION.has(key(r)));
    const { wrong, checked } = await sweep(routes, ROLES, (r, role) => expected(r, role) !== 'allowed');
    counted.denied = checked;
    expect(wrong).toEqual([]);
    expect(await stableCounts()).toEqual(before);
  });

  it('lets every allowed caller through to the owning service', async () => {
    const routes = ROUTES.filter((r) => !ENDS_SESSION.has(key(r)));
    const { wrong, checked } = await sweep(routes, ROLES, (r, role) => expected(r, role) === 'allowed');
    counted.allowed = checked;
    expect(wrong).toEqual([]);
  });

  it("keeps what belongs to a user away from another user (sandbox checkout and portal)", async () => {
    const owner = await registerUser(t, 'owner');
    const other = callers.other;
    const start = await t.call('POST', '/api/billing/checkout', { cookie: owner.cookie, body: { plan: 'monthly' } });
    expect(start.status).toBe(200);
    const checkout = String(start.json.url);
    expect(checkout).toMatch(/^\/api\/billing\/sandbox\/checkout\//);
    const card = 'card_number=4242+4242+4242+4242&expiry=12%2F34&cvc=123&name=Outro';
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    expect((await t.call('GET', checkout, { cookie: other.cookie })).status).toBe(404);
    expect((await t.call('POST', `${checkout}/complete`, { cookie: other.cookie, headers: form, body: card })).status).toBe(404);
    const mine = await t.call('GET', '/api/billing/subscription', { cookie: other.cookie });
    expect(mine.json.status).not.toBe('active');

    expect((await t.call('GET', checkout, { cookie: owner.cookie })).status).toBe(200);
    expect((await t.call('POST', `${checkout}/complete`, { cookie: owner.cookie, headers: form, body: card })).status).toBe(303);
    const portal = await t.call('POST', '/api/billing/portal', { cookie: owner.cookie, body: {} });
    expect(portal.status).toBe(200);
    const portalUrl = String(portal.json.url);
    expect((await t.call('GET', portalUrl, { cookie: other.cookie })).status).toBe(404);
    expect((await t.call('POST', `${portalUrl}/cancel`, { cookie: other.cookie })).status).toBe(404);
    const after = await t.call('GET', '/api/billing/subscription', { cookie: owner.cookie });
    expect(after.json.cancel_at_period_end).toBe(false);
    expect((await t.call('GET', portalUrl, { cookie: owner.cookie })).status).toBe(200);
  });

  it('lets the sign-out routes through for every caller (each with a session of its own)', async () => {
    const admin = await adminLogin(t);
    const fresh = async (role: Role): Promise<string> => {
      if (role === 'anonymous') return '';
      if (role === 'administrator') return adminLogin(t);
      const u = await registerUser(t, `logout-${role}`);
      if (role === 'subscriber') await adminUpdateUser(t, admin, u.userId, ACTIVE());
      if (role === 'userAdmin') await adminUpdateUser(t, admin, u.userId, { is_admin: true });
      return u.cookie;
    };
    const wrong: string[] = [];
    for (const r of ROUTES.filter((x) => ENDS_SESSION.has(key(x)))) {
      for (const role of ROLES) {
        const cookie = await fresh(role);
        const res = await t.call(r.method, r.path, { cookie });
        counted.sessionEnding++;
        const problem = judge(r, role, res);
        if (problem) wrong.push(problem);
      }
    }
    expect(wrong).toEqual([]);
  });

  afterAll(() => {
    const total = counted.denied + counted.allowed + counted.sessionEnding;
    process.stdout.write(
      `[authz] ${ROUTES.length} routes × ${ROLES.length} callers: ${total} calls checked (${counted.denied} expected refusals or declared own answers, ` +
        `${counted.allowed + counted.sessionEnding} allowed) + ${counted.owned} calls on another user's checkout and portal\n`,
    );
  });
});
