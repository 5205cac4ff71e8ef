import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, SERVICE_NAMES } from '../../packages/common/src';
import { loadBillingConfig } from '../../services/billing/src/config';
import { REQUIRED_COMPOSE_ENV, renderCompose, resolvedCompose, ROOT } from './compose-render';

const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_compose_spec',
  STRIPE_WEBHOOK_SECRET: 'whsec_compose_spec',
  STRIPE_PRICE_MONTHLY: 'price_compose_monthly',
  STRIPE_PRICE_ANNUAL: 'price_compose_annual',
};

/** The environment docker-compose gives the billing container for this .env. */
const billingEnvFor = (vars: Record<string, string>) => resolvedCompose(vars).services.billing!.environment!;

describe('docker-compose.yml', () => {
  let resolved: ReturnType<typeof resolvedCompose>['services'];
  beforeAll(() => {
    resolved = resolvedCompose(REQUIRED_COMPOSE_ENV).services;
  });
  it('is a valid compose file', () => {
    const out = renderCompose(REQUIRED_COMPOSE_ENV);
    expect(out.ok).toBe(true);
    for (const svc of [...SERVICE_NAMES, 'gateway', 'postgres', 'redis', 'minio', 'ranking-worker', 'manuals-worker', 'catalog-worker']) expect(out.stdout).toMatch(new RegExp(`^  ${svc}:$`, 'm'));
  });

  it('uses the same variable names as the native start', () => {
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'KEY_PREFIX', 'PUBLIC_URL', 'STORAGE_DRIVER', 'S3_ENDPOINT', 'S3_BUCKET', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'STRIPE_SECRET_KEY', 'METRICS_TOKEN']) {
      expect(compose).toContain(`${name}:`);
    }
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'KEY_PREFIX', 'PUBLIC_URL', 'STORAGE_DRIVER', 'METRICS_TOKEN']) expect(readme).toContain(name);
  });

  it('keeps Redis persistence on, so sessions and queued jobs survive a restart', () => {
    expect(compose).toContain('--appendonly", "yes"');
  });

  it('refuses to render without any one credential, naming it', () => {
    for (const name of Object.keys(REQUIRED_COMPOSE_ENV)) {
      const { [name]: _left, ...vars } = REQUIRED_COMPOSE_ENV as Record<string, string>;
      const out = renderCompose(vars, ['-q']);
      expect([name, out.ok]).toEqual([name, false]);
      expect(out.stderr).toContain(`defina ${name}`);
    }
    // `:?` (not `?`) also refuses an empty value, as an .env line `POSTGRES_PASSWORD=` gives
    expect(compose.match(/\$\{[A-Z0-9_]+\?/g) ?? []).toEqual([]);
    const empty = renderCompose({ ...REQUIRED_COMPOSE_ENV, POSTGRES_PASSWORD: '' }, ['-q']);
    expect(empty.ok).toBe(false);
    expect(empty.stderr).toContain('defina POSTGRES_PASSWORD');
  });

  it('.env.example sets every required variable, and compose renders with it', () => {
    const example = Object.fromEntries(
      readFileSync(join(ROOT, '.env.example'), 'utf8')
        .split('\n')
        .filter((l) => /^[A-Z0-9_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    ) as Record<string, string>;
    for (const name of Object.keys(REQUIRED_COMPOSE_ENV)) expect([name, Boolean(example[name])]).toEqual([name, true]);
    const out = renderCompose(example, ['-q']);
    expect([out.ok, out.stderr]).toEqual([true, expect.any(String)]);
  });

  it('has no default for any password, secret or token', () => {
    // `${X:-}` (empty: the feature stays off) is fine; `${X:-something}` would be a password anyone knows
    expect(compose.match(/\$\{[A-Z0-9_]*(PASSWORD|SECRET|TOKEN|ROOT_USER)[A-Z0-9_]*:-[^}]/g) ?? []).toEqual([]);
    expect(resolved.postgres!.environment!.POSTGRES_PASSWORD).toBe(REQUIRED_COMPOSE_ENV.POSTGRES_PASSWORD);
    expect(resolved.catalog!.environment!.DATABASE_URL).toBe(`postgres://clima:${REQUIRED_COMPOSE_ENV.POSTGRES_PASSWORD}@postgres:5432/clima`);
    expect(resolved.manuals!.environment!.S3_SECRET_ACCESS_KEY).toBe(REQUIRED_COMPOSE_ENV.MINIO_ROOT_PASSWORD);
    expect(resolved.auth!.environment!.ADMIN_PASSWORD).toBe(REQUIRED_COMPOSE_ENV.ADMIN_PASSWORD);
  });

  it('publishes only the gateway: MinIO, PostgreSQL, Redis and the services stay on the compose network', () => {
    const published = Object.entries(resolved)
      .filter(([, s]) => s.ports?.length)
      .map(([name]) => name);
    expect(published).toEqual(['gateway']);
    expect(resolved.minio).toBeDefined();
    expect(resolved.catalog!.environment!.S3_PUBLIC_ENDPOINT).toBe(REQUIRED_COMPOSE_ENV.S3_PUBLIC_ENDPOINT);
  });

  it('gives every service the metrics token, which their config accepts', () => {
    for (const s of SERVICE_NAMES) {
      const env = resolved[s]!.environment!;
      expect([s, env.METRICS_TOKEN]).toEqual([s, REQUIRED_COMPOSE_ENV.METRICS_TOKEN]);
      expect(loadConfig(s, {}, env).METRICS_TOKEN).toBe(REQUIRED_COMPOSE_ENV.METRICS_TOKEN);
    }
  });

  it('runs every service with the node flags of its package.json ("clima.nodeArgs"), as npm start and Kubernetes do', () => {
    for (const s of SERVICE_NAMES) {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'services', s, 'package.json'), 'utf8')) as { clima?: { nodeArgs?: string[] } };
      const args = pkg.clima?.nodeArgs ?? [];
      expect([s, resolved[s]!.environment!.NODE_OPTIONS]).toEqual([s, args.length ? args.join(' ') : undefined]);
    }
  });

  it('gives every service the identity public keys and only auth the private key', () => {
    for (const s of SERVICE_NAMES) {
      const env = resolved[s]!.environment!;
      expect([s, env.IDENTITY_PUBLIC_KEYS]).toEqual([s, REQUIRED_COMPOSE_ENV.IDENTITY_PUBLIC_KEYS]);
      expect([s, env.IDENTITY_PRIVATE_KEY]).toEqual([s, s === 'auth' ? REQUIRED_COMPOSE_ENV.IDENTITY_PRIVATE_KEY : undefined]);
    }
    expect(resolved['ranking-worker']!.environment!.IDENTITY_PRIVATE_KEY).toBeUndefined();
  });

  it("gives only auth (whose consumer delivers every service's e-mail) the SMTP server and the sender, which its config accepts", () => {
    for (const s of SERVICE_NAMES) {
      const env = resolved[s]!.environment!;
      const own = s === 'auth';
      expect([s, env.SMTP_URL, env.MAIL_FROM]).toEqual([s, own ? REQUIRED_COMPOSE_ENV.SMTP_URL : undefined, own ? REQUIRED_COMPOSE_ENV.MAIL_FROM : undefined]);
    }
    const auth = loadConfig('auth', {}, resolved.auth!.environment!);
    expect([auth.SMTP_URL, auth.MAIL_FROM]).toEqual([REQUIRED_COMPOSE_ENV.SMTP_URL, REQUIRED_COMPOSE_ENV.MAIL_FROM]);
  });

  it('has a mail catcher for local use only: behind a profile, its inbox not published', () => {
    const withCatcher = renderCompose({ ...REQUIRED_COMPOSE_ENV, COMPOSE_PROFILES: 'mail-catcher' });
    expect(withCatcher.ok).toBe(true);
    expect(withCatcher.stdout).toMatch(/^ {2}maildev:$/m);
    expect(withCatcher.stdout).toContain('image: maildev/maildev');
    expect(compose).toMatch(/maildev:\n(?: {4}.*\n)*? {4}profiles: \["mail-catcher"\]/);
    expect(compose).not.toMatch(/maildev:\n(?: {4}.*\n)*? {4}ports:/);
  });

  describe('billing in production (NODE_ENV=production, as compose sets it)', () => {
    it('refuses to start without Stripe keys when no provider is set, naming STRIPE_SECRET_KEY', () => {
      const env = resolved.billing!.environment!;
      expect(env.NODE_ENV).toBe('production');
      expect(env.BILLING_PROVIDER ?? '').toBe('');
      expect(() => loadBillingConfig(env)).toThrow(/STRIPE_SECRET_KEY: obrigatória em produção/);
    });

    it('the billing process itself exits with that message (services/billing/dist, built by npm test)', () => {
      const main = join(ROOT, 'services/billing/dist/main.js');
      expect([main, existsSync(main)]).toEqual([main, true]);
      const env = resolved.billing!.environment!;
      const r = spawnSync(process.execPath, [main], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/STRIPE_SECRET_KEY: obrigatória em produção/);
    });

    it('uses Stripe with the keys, even when BILLING_PROVIDER=sandbox is also set', () => {
      expect(loadBillingConfig(billingEnvFor({ ...REQUIRED_COMPOSE_ENV, ...STRIPE })).BILLING_PROVIDER).toBe('stripe');
      expect(loadBillingConfig(billingEnvFor({ ...REQUIRED_COMPOSE_ENV, ...STRIPE, BILLING_PROVIDER: 'sandbox' })).BILLING_PROVIDER).toBe('stripe');
      // a key without the rest of Stripe's settings stops start-up rather than falling back to the sandbox
      expect(() => loadBillingConfig(billingEnvFor({ ...REQUIRED_COMPOSE_ENV, STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY }))).toThrow(/STRIPE_WEBHOOK_SECRET/);
    });

    it('runs the demonstration sandbox only when BILLING_PROVIDER=sandbox asks for it', () => {
      expect(loadBillingConfig(billingEnvFor({ ...REQUIRED_COMPOSE_ENV, BILLING_PROVIDER: 'sandbox' })).BILLING_PROVIDER).toBe('sandbox');
    });
  });
});
