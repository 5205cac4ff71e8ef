import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_NAMES } from '../../packages/common/src';

const root = join(__dirname, '../..');
const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');

describe('docker-compose.yml', () => {
  it('is a valid compose file', () => {
    const out = execFileSync('docker-compose', ['-f', join(root, 'docker-compose.yml'), 'config'], { encoding: 'utf8', stdio: 'pipe' });
    for (const svc of [...SERVICE_NAMES, 'gateway', 'postgres', 'redis', 'minio', 'ranking-worker']) expect(out).toMatch(new RegExp(`^  ${svc}:$`, 'm'));
  });

  it('uses the same variable names as the native start', () => {
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'KEY_PREFIX', 'PUBLIC_URL', 'STORAGE_DRIVER', 'S3_ENDPOINT', 'S3_BUCKET', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'STRIPE_SECRET_KEY']) {
      expect(compose).toContain(`${name}:`);
    }
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'KEY_PREFIX', 'PUBLIC_URL', 'STORAGE_DRIVER']) expect(readme).toContain(name);
  });

  it('keeps Redis persistence on, so sessions and queued jobs survive a restart', () => {
    expect(compose).toContain('--appendonly", "yes"');
  });
});
