/**
 * podman's Docker-compatible API, which docker-compose talks to: started once per machine and left running, so it
 * outlives the checkout that started it. One started from a checkout removed since (its working directory deleted)
 * still answers pings but starts no container ("write child: broken pipe"): `ensureApi` replaces it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './stack';

const IMAGE = 'localhost/clima-base/redis:7';

/** Every `podman system service` process serving this socket. */
function servicesOn(socket: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        return readFileSync(`/proc/${e}/cmdline`, 'utf8').split('\0').some((a) => a.endsWith(socket));
      } catch {
        return false;
      }
    })
    .map(Number);
}

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
    const [service, ...others] = servicesOn(socket);
    expect(others).toEqual([]);
    expect(spawnSync('readlink', [`/proc/${service}/cwd`], { encoding: 'utf8' }).stdout.trim()).toBe('/');
    expect(startThrough(socket).status).toBe(204);
  });
});
