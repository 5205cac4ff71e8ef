import { ConfigError, GATEWAY_TOKEN_RE, GATEWAY_TOKEN_RULE, loadConfig } from '@clima/common';
import { isIP } from 'node:net';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** The auth service's environment, validated once at boot. */
export const authEnv = {
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  /** Extra origins (comma-separated) allowed to send state-changing requests besides PUBLIC_URL's own. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of v.split(',').map((s) => s.trim()).filter(Boolean)) {
        try {
          origins.push(new URL(item).origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `origem inválida: ${item}` });
        }
      }
      return origins;
    }),
  /**
   * Seconds the identity of a session is kept in the auth process's memory. Every change that revokes
   * (logout, password, deletion, flags, subscription) clears it at once in every process; this only bounds how
   * long a change made outside the service (a manual SQL update) takes to show.
   */
  IDENTITY_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
  /**
   * Seconds an account's identity (id, e-mail, name, subscription, flag) is kept in Redis, so an identity check
   * is one Redis round trip and no Postgres read. Every revoking change deletes it at once (and a read that
   * raced with one is not stored); this only bounds how long a change made outside the service (a manual SQL
   * update) takes to show. 0: every check of a session the process does not remember reads Postgres.
   */
  IDENTITY_REDIS_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Private key (Ed25519 JWK with kid) that signs the identity the gateway passes to the services. */
  IDENTITY_PRIVATE_KEY: optionalText,
  /**
   * The secret nginx sends with its identity check (X-Gateway-Token): only beside it is X-Real-IP believed as
   * the client's address. Unset: never believed (every caller is the address it connects from).
   */
  GATEWAY_TOKEN: optionalText.pipe(z.string().regex(GATEWAY_TOKEN_RE, GATEWAY_TOKEN_RULE).optional()),
  /** Seconds the assembled admin dashboard figures are cached in Redis (0 disables). */
  ADMIN_STATS_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** Days an audit-log row is kept; the retention job deletes older rows (the table refuses any other deletion). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** How often the retention job runs (one job for the whole deployment, whatever the number of copies). */
  AUDIT_RETENTION_EVERY_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(60),
  /** How long the LGPD export waits for each service's part (asked in parallel) before it fails whole. */
  EXPORT_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SIGNIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** Failures of one account from one address before each further attempt from there waits (1 s, doubling). */
  SIGNIN_FREE_FAILURES: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Longest wait of an account and address backing off (429 with Retry-After until it has passed). */
  SIGNIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(900),
  /** Failures of one account from every address in the window before sign-ins from new addresses are slowed down. */
  SIGNIN_ACCOUNT_SLOWDOWN_AFTER: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Longest delay of that slowdown (it starts at 250 ms and doubles with each further failure). */
  SIGNIN_ACCOUNT_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /** Distinct accounts failing from one address in the window before its answers are slowed down. */
  SIGNIN_SLOWDOWN_ACCOUNTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Longest delay of a slowed-down address (it grows by 250 ms per further account). */
  SIGNIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /** Distinct accounts failing from one address in the window before it is refused (accounts already signed in from it still pass). */
  SIGNIN_MAX_ACCOUNTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  REGISTER_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** Password-reset requests per address per window (429 beyond; addresses in RATE_LIMIT_EXEMPT_NETWORKS are not counted). */
  PASSWORD_RESET_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Reset e-mails per account per window; beyond it requests are answered as usual and send nothing. */
  PASSWORD_RESET_MAX_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(3),
  PASSWORD_RESET_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** Verification e-mails a signed-in user may ask for per hour (resends and e-mail changes; 429 beyond). */
  VERIFICATION_EMAILS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(3),
  /**
   * Networks (CIDR, comma-separated) never limited per address; per-account limits still apply. None by
   * default; the native launcher exempts loopback (one machine: its tests and benchmarks).
   */
  RATE_LIMIT_EXEMPT_NETWORKS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const networks: { address: string; prefix: number; type: 'ipv4' | 'ipv6' }[] = [];
      for (const item of v.split(',').map((s) => s.trim()).filter(Boolean)) {
        const [address = '', bits, extra] = item.split('/');
        const family = isIP(address);
        const prefix = bits === undefined ? (family === 6 ? 128 : 32) : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
        if (!family || extra !== undefined || !(prefix >= 0 && prefix <= (family === 6 ? 128 : 32))) {
          ctx.addIssue({ code: 'custom', message: `rede inválida: ${item}` });
          continue;
        }
        networks.push({ address, prefix, type: family === 6 ? 'ipv6' : 'ipv4' });
      }
      return networks;
    }),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** First administrator (created by the seed step when there is none). */
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  /** Demo end users are seeded into an empty users table unless this is false (always false in production). */
  SEED_DEMO_USERS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes')),
};

export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig('auth', authEnv, env);
  if (config.GOOGLE_CLIENT_ID && !config.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError('Configuração inválida para o serviço auth:\n  GOOGLE_CLIENT_SECRET: obrigatório quando GOOGLE_CLIENT_ID está definido');
  }
  if (config.ADMIN_PASSWORD && config.ADMIN_PASSWORD.length < 8) {
    throw new ConfigError('Configuração inválida para o serviço auth:\n  ADMIN_PASSWORD: use pelo menos 8 caracteres');
  }
  return config;
}
