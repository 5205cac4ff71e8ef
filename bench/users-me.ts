/**
 * GET /api/users/me for a signed-in user: through the gateway (nginx + identity check on every request)
 * against the same call made directly to the auth service, in one run, 50 connections each; and the
 * identity check alone, straight on the auth service.
 * Aim: the gateway keeps at least half the direct throughput; p99 under 20 ms.
 */
import { load, print, withPlatform } from './lib/harness';

void withPlatform(async (p) => {
  const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
  const direct = `http://127.0.0.1:${p.ports.auth}`;
  const res = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'segredo123' }),
  });
  if (!res.ok) throw new Error(`register: ${res.status}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  await load('warm-up', `${gateway}/api/users/me`, { headers: { cookie }, duration: 2 });
  // the direct call carries what the gateway would add: the signed assertion the auth service answers for
  // this cookie (asked right before the run: it lives 30 s, longer than one load step)
  const who = await fetch(`${direct}/internal/identity`, { headers: { cookie, 'x-original-method': 'GET' } });
  const assertion = who.headers.get('x-identity-assertion');
  if (!assertion) throw new Error('identity: no assertion for the bench cookie');
  const identity = { 'x-identity-assertion': assertion };
  const baseline = await load('direct  auth /api/users/me', `${direct}/api/users/me`, { headers: { cookie, ...identity } });
  const viaGateway = await load('gateway nginx /api/users/me', `${gateway}/api/users/me`, { headers: { cookie } });
  // what nginx asks auth before every /api request: its own cost, beside the route's
  const check = await load('direct  auth identity check', `${direct}/internal/identity`, { headers: { cookie, 'x-original-method': 'GET', 'x-real-ip': '203.0.113.9' } });
  print([baseline, viaGateway, check]);
  const ratio = viaGateway.rps / baseline.rps;
  process.stdout.write(`ratio gateway/direct: ${ratio.toFixed(2)} (aim ≥ 0.50); gateway p99 ${viaGateway.p99} ms (aim < 20 ms)\n`);
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
