/**
 * GET /api/users/me for signed-in users: through the gateway (nginx + identity check on every request)
 * against the same call made directly to the auth service, in one run; and the identity check alone,
 * straight on the auth service; with nginx's own ceiling (its health answer, no upstream) as the baseline
 * every figure is also given against.
 *
 * Load: Debian's wrk, closed loop, BENCH_CONNECTIONS (50) connections, BENCH_SECONDS (10) per figure,
 * BENCH_USERS (100) signed-in users in turn (bench/lib/wrk-rotate.lua); the generator's own CPU is printed
 * beside each figure (bench/lib/wrk.ts). A benchmark, not a test: nothing is asserted.
 * Aim: the gateway keeps at least half the direct throughput; p99 under 20 ms.
 */
import { withPlatform } from './lib/harness';
import { gatewayCeiling, printWrk, wrk } from './lib/wrk';

const USERS = Number(process.env.BENCH_USERS ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function register(gateway: string, i: number, run: string): Promise<string> {
  const res = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench ${i}`, email: `bench-${run}-${i}@example.com`, password: 'segredo123' }),
  });
  if (!res.ok) throw new Error(`register: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

void withPlatform(async (p) => {
  const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
  const direct = `http://127.0.0.1:${p.ports.auth}`;
  const run = Date.now().toString(36);
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i += 4) cookies.push(...(await Promise.all(Array.from({ length: Math.min(4, USERS - i) }, (_, k) => register(gateway, i + k, run)))));
  const opts = { connections: CONNECTIONS };
  const me = cookies.map((cookie) => ({ path: '/api/users/me', headers: { cookie } }));
  await wrk('warm-up', gateway, me, { ...opts, seconds: 2 });
  // the direct call carries what the gateway would add: the signed assertion the auth service answers for
  // each cookie (asked right before the run: it lives 30 s, longer than one load step)
  const asserted = await Promise.all(
    cookies.map(async (cookie) => {
      const who = await fetch(`${direct}/internal/identity`, { headers: { cookie, 'x-original-method': 'GET' } });
      const assertion = who.headers.get('x-identity-assertion');
      if (!assertion) throw new Error('identity: no assertion for a bench cookie');
      return { path: '/api/users/me', headers: { cookie, 'x-identity-assertion': assertion } };
    }),
  );
  const ceiling = await gatewayCeiling(gateway, opts);
  const baseline = await wrk('direct  auth /api/users/me', direct, asserted, opts);
  const viaGateway = await wrk('gateway nginx /api/users/me', gateway, me, opts);
  // what nginx asks auth before every /api request: its own cost, beside the route's
  const check = await wrk(
    'direct  auth identity check',
    direct,
    cookies.map((cookie) => ({ path: '/internal/identity', headers: { cookie, 'x-original-method': 'GET', 'x-real-ip': '203.0.113.9' } })),
    opts,
  );
  process.stdout.write(`\n${USERS} signed-in users in turn, ${CONNECTIONS} connections, wrk closed loop; ratios against nginx's own ceiling in this run\n`);
  printWrk([ceiling, baseline, viaGateway, check], ceiling);
  const ratio = viaGateway.rps / baseline.rps;
  process.stdout.write(`ratio gateway/direct: ${ratio.toFixed(2)} (aim ≥ 0.50); gateway p99 ${viaGateway.p99} ms (aim < 20 ms)\n`);
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
