/**
 * podman's Docker-compatible API, which docker-compose talks to: started once per machine and left running, so it
 * outlives the checkout that started it. One started from a checkout removed since (its working directory deleted)
 * still answers pings but starts no container ("write child: broken pipe"): `ensureApi` replaces it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './stack';

const IMAGE = 'localhost/clima-base/redis:7';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { apiProcesses } = require('../stack.cjs') as { apiProcesses: (socket: string) => { pid: number; cwd: string }[] };
/** Every `podman system service` process serving this socket. */
const servicesOn = (socket: string) => apiProcesses(socket).map((p) => p.pid);

const curl = (socket: string, args: string[]) => spawnSync('curl', ['-s', '--max-time', '60', '--unix-socket', socket, ...args], { encoding: 'utf8' }).stdout;

/** Creates a throwaway container through the API and starts it: the start's HTTP status and answer. */
function startThrough(socket: string): { status: number; body: string } {
  const created = JSON.parse(curl(socket, ['-H', 'content-type: application/json', '-d', JSON.stringify({ Image: IMAGE, Cmd: ['true'] }), 'http://d/v1.40/containers/create'])) as { Id?: string };
  expect(created.Id).toBeTruthy();
  const out = curl(socket, ['-w', '\n%{http_code}', '-X', 'POST', `http://d/v1.40/containers/${created.Id}/start`]).split('\n');
  curl(socket, ['-X', 'DELETE', `http://d/v1.40/containers/${created.Id}?force=1`]);
  return { status: Number(out.pop()), body: out.join('\n') };
}

describe("podman's API for docker-compose", () => {
  const socket = join(tmpdir(), `clima-api-${process.pid}.sock`);

  afterAll(() => {
    for (const pid of servicesOn(socket)) process.kill(pid, 'SIGTERM');
    rmSync(socket, { force: true });
  });

  it('replaces a running service whose working directory was removed, which starts no container', () => {
    const checkout = mkdtempSync(join(tmpdir(), 'clima-removed-checkout-'));
    spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], { cwd: checkout, detached: true, stdio: 'ignore' }).unref();
    for (let i = 0; i < 100 && curl(socket, ['http://d/_ping']) !== 'OK'; i++) spawnSync('sleep', ['0.2']);
    expect(curl(socket, ['http://d/_ping'])).toBe('OK');
    rmSync(checkout, { recursive: true });
    // the service answers, and fails every container it is asked to start
    expect(startThrough(socket)).toEqual({ status: 500, body: expect.stringContaining('broken pipe') });

    const ensured = spawnSync('node', ['-e', `require(${JSON.stringify(join(ROOT, 'infra/containers/stack.cjs'))}).ensureApi()`], {
      env: { ...process.env, PODMAN_SOCKET: socket },
      encoding: 'utf8',
    });
    expect(ensured.status).toBe(0);
    expect(ensured.stdout + ensured.stderr).toContain('reiniciando');
    expect(apiProcesses(socket).map((p) => p.cwd)).toEqual(['/']);
    expect(startThrough(socket).status).toBe(204);
  });
});
