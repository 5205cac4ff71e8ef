/**
 * `npm run containers:down` removes the stack whatever was left beside it. A container run on the stack's network
 * by hand or by a spec (a backup run, a Kubernetes pod under test) and not removed — its client killed by a
 * timeout, say — holds the network, and docker-compose's own `down` then stops at "network is being used".
 * Checked on a throwaway project of its own, so the stack under test is not touched.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { podmanStatus as podman, ROOT, stackModule as stack } from './stack';

const IMAGE = 'localhost/clima-base/redis:7';
const PROJECT = `clima-down-${process.pid}`;
const NETWORK = `${PROJECT}_default`;
const STRAY = `${PROJECT}-avulso`;
const env = { ...process.env, CLIMA_STACK: PROJECT, GATEWAY_PORT: '28197' };

describe('containers:down', () => {
  afterAll(() => {
    podman(['rm', '-f', '-t', '0', STRAY]);
    podman(['network', 'rm', '-f', NETWORK]);
    rmSync(stack.settings(env).envFile, { force: true });
  });

  it('removes a container left on the stack network, then the stack, and says which it removed', () => {
    stack.ensureApi();
    stack.ensureEnvFile(stack.settings(env));
    // the network as docker-compose made it (its labels), and a container someone ran on it and left
    expect(podman(['network', 'create', '--label', `com.docker.compose.project=${PROJECT}`, '--label', 'com.docker.compose.network=default', NETWORK]).status).toBe(0);
    const run = podman(['run', '-d', '--name', STRAY, '--network', NETWORK, '--entrypoint', 'sleep', IMAGE, '600']);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: expect.any(String) });

    const down = spawnSync(process.execPath, ['infra/containers/stack.cjs', 'down'], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    expect({ status: down.status, stderr: down.stderr.slice(-600) }).toEqual({ status: 0, stderr: expect.any(String) });
    expect(down.stdout + down.stderr).toContain(STRAY);
    expect(podman(['container', 'exists', STRAY]).status).toBe(1);
    expect(podman(['network', 'exists', NETWORK]).status).toBe(1);
    expect(existsSync(stack.settings(env).envFile)).toBe(false);
  });
});
