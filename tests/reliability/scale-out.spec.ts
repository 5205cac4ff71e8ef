/**
 * Scale-out on one machine: two catalog instances behind the gateway's catalog upstream
 * (CATALOG_UPSTREAMS), steady GETs through nginx, then one instance killed (SIGKILL: in-flight
 * requests cut) and, after it is back, the other stopped gracefully (SIGTERM). Not one request may fail:
 * nginx retries an idempotent request on the other replica (proxy_next_upstream). Then an instance that stops
 * answering without dying (SIGSTOP): its requests go to the other instance after the gateway's answer wait.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePorts } = require('../../infra/platform.cjs') as typeof import('../../infra/platform.cjs');
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UPSTREAM_ANSWER_TIMEOUT_S } from '../../gateway/src/render';
import { Outcome, startLoad, summarize } from './support/load';
import { childOf, eventually, ROOT, scrapeMetrics, sleep, startTestPlatform, stopChild, TestPlatform, waitHealthy } from './support/platform';

jest.setTimeout(600_000);

let t: TestPlatform;
let ports: [number, number];
let contentId = 1;
/** The catalog instance started last on each port (the platform's own on the first until it is stopped). */
const instanceOn = new Map<number, ChildProcess>();
function spawnOn(port: number, logName: string): ChildProcess {
  const child = t.spawnService('catalog', { env: { CATALOG_PORT: String(port) }, logName });
  instanceOn.set(port, child);
  return child;
}
const alive = (c: ChildProcess | undefined): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null;
/** How long nginx leaves a copy that failed out of its upstream: fail_timeout of the generated config. */
const FAIL_TIMEOUT_MS = Number(/fail_timeout=(\d+)s/.exec(readFileSync(join(ROOT, 'gateway/src/render.ts'), 'utf8'))?.[1] ?? NaN) * 1000;

/** Requests the catalog instance on `port` has answered for public list and detail routes. */
async function served(port: number): Promise<number> {
  const text = await scrapeMetrics(port, t.env);
  let n = 0;
  for (const m of text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
    if (/route="\/api\/(contents|categories)/.test(m[1]!)) n += Number(m[2]);
  }
  return n;
}

beforeAll(async () => {
  const [a, b] = await freePorts(2);
  ports = [a!, b!];
  t = await startTestPlatform({ tag: 'scale', seed: true, env: { CATALOG_PORT: String(a), CATALOG_UPSTREAMS: `127.0.0.1:${a},127.0.0.1:${b}` } });
  spawnOn(b!, 'catalog-2');
  await waitHealthy(b!);
  const [row] = await t.sql<{ id: number }>(`SELECT id FROM catalog.contents WHERE is_published = 1 ORDER BY id LIMIT 1`);
  contentId = row?.id ?? 1;
});

afterAll(async () => {
  await t?.stop();
});

const failures = (list: Outcome[]) => list.filter((o) => o.status !== 200).map((o) => `${o.path}: ${o.status} ${o.body.slice(0, 80)}`);

describe('two catalog instances behind one upstream', () => {
  it('shares the load, and loses no request when one instance is killed and the other is stopped', async () => {
    const paths = ['/api/contents', '/api/categories', `/api/contents?search=split`, '/api/contents?category=nao-existe'];
    const load = startLoad(t.base, paths, { concurrency: 6 });
    await sleep(3000);
    const before = [await served(ports[0]), await served(ports[1])];
    expect(before[0]).toBeGreaterThan(0);
    expect(before[1]).toBeGreaterThan(0);

    // 1. the second instance dies without warning
    const second = t.extra[0]!;
    const killedAt = Date.now();
    await stopChild(second, 'SIGKILL');
    await sleep(3000);

    // 2. it comes back; once the gateway routes to it again (nginx retries a failed replica after
    // fail_timeout), the first is stopped the polite way, as a rolling restart does
    const again = spawnOn(ports[1], 'catalog-2');
    await waitHealthy(ports[1]);
    await eventually(async () => expect(await served(ports[1])).toBeGreaterThan(20), 30_000, 250);
    const stoppedAt = Date.now();
    await stopChild(childOf(t.platform, 'catalog'), 'SIGTERM');
    await sleep(3000);
    const outcomes = await load.stop();

    const afterKill = outcomes.filter((o) => o.at >= killedAt && o.at < stoppedAt);
    const afterStop = outcomes.filter((o) => o.at >= stoppedAt);
    process.stdout.write(
      `[scale-out] ${outcomes.length} GETs (${afterKill.length} between the SIGKILL of B and the SIGTERM of A, ${afterStop.length} after): ${JSON.stringify(summarize(outcomes))}; ` +
        `served before the switch: instance A ${before[0]}, instance B ${before[1]}\n`,
    );
    expect(afterKill.length).toBeGreaterThan(20);
    expect(afterStop.length).toBeGreaterThan(20);
    expect({ beforeKill: failures(outcomes.filter((o) => o.at < killedAt)), afterKill: failures(afterKill), afterStop: failures(afterStop) }).toEqual({
      beforeKill: [],
      afterKill: [],
      afterStop: [],
    });
    // the surviving instance took everything
    expect(again.exitCode).toBeNull();
    expect(afterStop.every((o) => o.service === 'catalog')).toBe(true);
  });

  it('answers 503 JSON quickly once no instance is left, and serves again at most fail_timeout after one is healthy', async () => {
    await stopChild(t.extra[t.extra.length - 1]!, 'SIGKILL');
    const res = await t.call('GET', `/api/contents/${contentId}`);
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
    expect(res.ms).toBeLessThan(5000);
    spawnOn(ports[0], 'catalog-3');
    await waitHealthy(ports[0]);
    const healthyAt = Date.now();
    // The 503 above marked both copies failed, and nginx leaves a failed copy out of the upstream for
    // fail_timeout (3 s) even when it is healthy sooner: until then it answers
    // "no live upstreams" without trying it. The README promises service at most 3 s after a copy is
    // healthy; the slack covers the polling and a busy machine, not a copy that never comes back.
    const back = await eventually(async () => {
      const r = await t.call('GET', '/api/contents');
      if (r.status !== 200) throw new Error(`GET /api/contents: ${r.status} ${r.text.slice(0, 80)}`);
      return r;
    }, 15_000, 100);
    const afterHealthy = Date.now() - healthyAt;
    process.stdout.write(`[scale-out] served again through the gateway ${afterHealthy} ms after the returning copy was healthy\n`);
    expect(back.status).toBe(200);
    expect(FAIL_TIMEOUT_MS).toBeGreaterThan(0);
    expect(afterHealthy).toBeLessThan(FAIL_TIMEOUT_MS + 2000);
  });

  it('a frozen instance holds a request only as long as the gateway waits for an answer: the other instance answers it', async () => {
    // two instances up (after the tests above only the first port has one)
    const running = instanceOn.get(ports[1]);
    const frozen = alive(running) ? running : spawnOn(ports[1], 'catalog-4');
    await waitHealthy(ports[1]);
    // a cookie, so that nginx's anonymous copies answer none of them: every GET reaches an instance
    const load = startLoad(t.base, ['/api/contents?category=nao-existe', '/api/categories', '/api/contents?search=split'], { concurrency: 4, cookie: 'clima_sonda=1', timeoutMs: 60_000 });
    await eventually(async () => expect(await served(ports[1])).toBeGreaterThan(20), 30_000, 250);
    const frozenAt = Date.now();
    // stopped, not dead: its connections stay open and the kernel still accepts new ones, nothing answers on them
    frozen.kill('SIGSTOP');
    const frozenFor = (UPSTREAM_ANSWER_TIMEOUT_S + 10) * 1000;
    let outcomes: Outcome[];
    try {
      await sleep(frozenFor);
      outcomes = await load.stop();
    } finally {
      frozen.kill('SIGCONT');
    }
    const duringFreeze = outcomes.filter((o) => o.at >= frozenAt);
    const waited = duringFreeze.map((o) => o.ms).sort((a, b) => b - a);
    process.stdout.write(`[scale-out] one instance frozen ${frozenFor / 1000} s: ${duringFreeze.length} GETs, ${JSON.stringify(summarize(duringFreeze))}, the longest ${waited.slice(0, 4).join(', ')} ms\n`);
    expect(failures(outcomes)).toEqual([]);
    // the other instance went on answering the rest
    expect(duringFreeze.length).toBeGreaterThan(20);
    // those sent to the frozen one (there were some: they waited the answer wait) were answered by the other after
    // that wait, not after the freeze (nginx's 60 s default held them until the process came back); 5 s of slack
    // for a busy machine
    expect(waited[0]).toBeGreaterThanOrEqual((UPSTREAM_ANSWER_TIMEOUT_S - 1) * 1000);
    expect(waited[0]).toBeLessThan((UPSTREAM_ANSWER_TIMEOUT_S + 5) * 1000);
  });
});
