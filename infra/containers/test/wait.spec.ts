/**
 * A wait for health (`containers:up`, and every spec that breaks the stack and waits for it to recover) gives up
 * on a container that has exited with an error and stays down, instead of waiting out its whole timeout (20 min).
 * Checked on a throwaway project of its own, so the stack under test is not touched.
 */
import { podmanStatus as podman, stackModule as stack } from './stack';

const IMAGE = 'localhost/clima-base/redis:7';
const PROJECT = `clima-wait-${process.pid}`;
const DEAD = `${PROJECT}-morto`;
const env = { ...process.env, CLIMA_STACK: PROJECT, GATEWAY_PORT: '28196' };

describe('waiting for health', () => {
  const grace = process.env.CONTAINERS_EXITED_GRACE;
  afterAll(() => {
    podman(['rm', '-f', '-t', '0', DEAD]);
    if (grace === undefined) delete process.env.CONTAINERS_EXITED_GRACE;
    else process.env.CONTAINERS_EXITED_GRACE = grace;
  });

  it('gives up on a container exited with an error that stays down, naming it and its exit code', async () => {
    // a service of the project that failed at start and was not brought back
    const run = podman(['run', '--name', DEAD, '--label', `com.docker.compose.project=${PROJECT}`, '--label', 'com.docker.compose.service=morto', '--entrypoint', 'sh', IMAGE, '-c', 'echo "falhou ao iniciar" >&2; exit 3']);
    expect(run.status).toBe(3);
    process.env.CONTAINERS_EXITED_GRACE = '4';
    const started = Date.now();
    const outcome = await stack.waitHealthy(stack.settings(env), 120_000).then(
      () => 'saudável',
      (err: Error) => err.message,
    );
    const waited = Date.now() - started;
    expect(outcome).toContain(`${DEAD} (código 3)`);
    // the grace and a few polls, not the timeout given
    expect(waited).toBeLessThan(60_000);
  });
});
