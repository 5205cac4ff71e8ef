/** A steady stream of requests from a few concurrent loops, with every answer recorded. */
import { Agent, request } from 'node:http';

export interface Outcome {
  at: number;
  path: string;
  status: number;
  ms: number;
  contentType: string;
  body: string;
  service: string | null;
}

export interface Load {
  outcomes: Outcome[];
  /** Stops the loops and resolves when the last request has answered. */
  stop(): Promise<Outcome[]>;
}

/** One GET (or POST) with its own timeout; status 0 means no answer at all. */
export function send(base: string, path: string, opts: { agent?: Agent; method?: string; cookie?: string; timeoutMs?: number; body?: string } = {}): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: opts.method ?? 'GET', agent: opts.agent, headers, timeout: opts.timeoutMs ?? 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            at: started,
            path,
            status: res.statusCode ?? 0,
            ms: Date.now() - started,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8').slice(0, 500),
            service: (res.headers['x-service'] as string | undefined) ?? null,
          }),
        );
        res.on('error', () => resolve({ at: started, path, status: 0, ms: Date.now() - started, contentType: '', body: 'response error', service: null }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ at: started, path, status: 0, ms: Date.now() - started, contentType: '', body: err.message, service: null }));
    req.end(opts.body);
  });
}

/**
 * `concurrency` loops, each sending the next path of `paths` (round robin) as soon as the previous answered; a request
 * that has no answer after `timeoutMs` (10 s) is recorded with status 0.
 */
export function startLoad(base: string, paths: string[], opts: { concurrency?: number; cookie?: string; pauseMs?: number; timeoutMs?: number } = {}): Load {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency ?? 6 });
  const outcomes: Outcome[] = [];
  let running = true;
  let i = 0;
  const loops = Array.from({ length: opts.concurrency ?? 6 }, async () => {
    while (running) {
      const path = paths[i++ % paths.length]!;
      outcomes.push(await send(base, path, { agent, cookie: opts.cookie, timeoutMs: opts.timeoutMs }));
      if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return outcomes;
    },
  };
}

export function summarize(outcomes: Outcome[]): Record<string, number> {
  const by: Record<string, number> = {};
  for (const o of outcomes) by[String(o.status)] = (by[String(o.status)] ?? 0) + 1;
  return by;
}
