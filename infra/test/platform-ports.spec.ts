import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const infra = require('../platform.cjs') as typeof import('../platform.cjs');

const listen = (server: Server, port: number) => new Promise<void>((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', () => ok()));
const close = (server: Server) => new Promise((ok) => server.close(ok));

describe('the ports of a test instance (infra/platform.cjs freePorts)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'clima-ports-spec-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  /** A range of `size` ports that nothing on this machine listens on now (below the default range). */
  async function quietRange(size: number): Promise<[number, number]> {
    for (let from = 10000 + Math.floor(Math.random() * 9000); ; from += size) {
      const servers = Array.from({ length: size }, () => createServer());
      const held = await Promise.all(servers.map((server, i) => listen(server, from + i).then(() => true, () => false)));
      await Promise.all(servers.filter((_, i) => held[i]).map(close));
      if (held.every(Boolean)) return [from, from + size - 1];
    }
  }

  it('by default: distinct, free and below the kernel ephemeral range, where neither listen(0) nor an outgoing connection takes one', async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    const ports = await infra.freePorts(12);
    expect(new Set(ports).size).toBe(12);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20000);
      expect(port).toBeLessThan(low!);
      const server = createServer();
      await listen(server, port);
      await close(server);
    }
  });

  it('never gives two processes the same port, even when they ask at the same moment', async () => {
    const range = await quietRange(20);
    const script = `require(${JSON.stringify(require.resolve('../platform.cjs'))}).freePorts(10, { range: ${JSON.stringify(range)}, dir: ${JSON.stringify(dir)} }).then((p) => process.stdout.write(JSON.stringify(p)))`;
    const run = () => promisify(execFile)(process.execPath, ['-e', script]).then((r) => JSON.parse(r.stdout) as number[]);
    const [a, b] = await Promise.all([run(), run()]);
    expect([...a, ...b].sort()).toEqual(Array.from({ length: 20 }, (_, i) => range[0] + i).sort());
    expect(readdirSync(dir)).toHaveLength(20);
  });

  it('skips a port promised to another caller, and one something listens on, and says when the range has no more', async () => {
    const [from, to] = await quietRange(5);
    writeFileSync(join(dir, String(from)), '1');
    writeFileSync(join(dir, String(from + 1)), '1');
    const holder = createServer();
    await listen(holder, from + 2);
    try {
      expect((await infra.freePorts(2, { range: [from, to], dir })).sort()).toEqual([from + 3, from + 4]);
      await expect(infra.freePorts(1, { range: [from, to], dir })).rejects.toThrow(`só 0 de 1 portas livres em ${from}-${to}`);
    } finally {
      await close(holder);
    }
  });
});

describe('the wait for a process to answer (infra/platform.cjs waitHealthy)', () => {
  // the jest timeout is well under the wait's own: a wait that outlives the process it waits for fails here
  it('ends as soon as the process ends: MailDev whose web port another server holds', async () => {
    const [smtp, web] = await infra.freePorts(2);
    const holder = createServer((s) => s.destroy());
    await listen(holder, web!);
    try {
      // MailDev --silent exits with 1 and no word when it cannot listen
      const maildev = spawn(process.execPath, infra.mailDevArgs(smtp!, web!), { stdio: 'ignore' });
      const exited = new Promise<number | null>((ok) => maildev.once('exit', (code) => ok(code)));
      expect(await infra.waitHealthy(`http://127.0.0.1:${web}/api/email`, 120_000, maildev)).toBe(false);
      expect(await exited).toBe(1);
    } finally {
      await close(holder);
    }
  }, 20_000);

  it('answers true once the process answers', async () => {
    const [smtp, web] = await infra.freePorts(2);
    const maildev = spawn(process.execPath, infra.mailDevArgs(smtp!, web!), { stdio: 'ignore' });
    try {
      expect(await infra.waitHealthy(`http://127.0.0.1:${web}/api/email`, 120_000, maildev)).toBe(true);
    } finally {
      maildev.kill('SIGTERM');
      await new Promise((ok) => maildev.once('exit', ok));
    }
  }, 20_000);
});
