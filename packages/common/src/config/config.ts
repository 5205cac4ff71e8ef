import { z } from 'zod';

/** Names of the services, their default ports and their Postgres schemas. One list for the whole platform. */
export const SERVICES = {
  auth: { port: 3001 },
  catalog: { port: 3002 },
  courses: { port: 3003 },
  manuals: { port: 3004 },
  ranking: { port: 3005 },
  billing: { port: 3006 },
} as const;
export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Variables every service reads. Defaults are for one local machine only. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/clima'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key, queue and channel of this deployment (tests use their own). */
  KEY_PREFIX: z.string().regex(/^[a-zA-Z0-9_:-]*$/).default('clima'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public address of the site, used for Origin checks and absolute links. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** How long a cross-service query (dashboard figures) may take, in ms. */
  RPC_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1500),
  /**
   * Public keys (a JWK or a JSON list of JWKs, Ed25519) that verify the identity the gateway proves on each
   * request; required by every HTTP process. Two keys during a rollover.
   */
  IDENTITY_PUBLIC_KEYS: z.string().optional(),
  /**
   * Bearer token a scraper must send to GET /metrics. Unset: /metrics answers 404, so a service port
   * never hands its figures (routes, queue depths, memory) to whoever can reach it.
   */
  METRICS_TOKEN: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().min(16, 'use pelo menos 16 caracteres').optional(),
  ),
  /** SMTP server the mail consumer delivers through (MailDev on this machine by default). */
  SMTP_URL: z.string().url().default('smtp://127.0.0.1:1025'),
  /** Sender of every message. */
  MAIL_FROM: z.string().min(3).default('Clima Pro <nao-responda@climapro.local>'),
  /**
   * Memory (MB) each HTTP process keeps for the answers that are the same for everyone of an audience (public
   * lists, course categories with their stats), dropped by every write that changes them
   * (http/shared-answers.ts). 0: every answer is built on every request.
   */
  ANSWER_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
  /** Run this service's BullMQ consumers inside the HTTP process (one process per service). */
  WORKERS_IN_PROCESS: bool.default(true),
});
export type BaseConfig = z.infer<typeof baseEnvSchema>;

export class ConfigError extends Error {}

/**
 * Validates the environment once at boot. A missing or malformed variable stops start-up with its name.
 * `extra` adds the service's own variables; `refine` can add conditional rules.
 */
export function loadConfig<S extends z.ZodRawShape>(
  service: ServiceName,
  extra: S,
  env: NodeJS.ProcessEnv = process.env,
): BaseConfig & z.infer<z.ZodObject<S>> & { SERVICE: ServiceName; PORT: number } {
  const portVar = `${service.toUpperCase()}_PORT`;
  const schema = baseEnvSchema.extend(extra).extend({
    [portVar]: z.coerce.number().int().min(1).max(65535).default(SERVICES[service].port),
  });
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Configuração inválida para o serviço ${service}:\n${lines.join('\n')}`);
  }
  const data = parsed.data as Record<string, unknown>;
  return { ...(data as object), SERVICE: service, PORT: data[portVar] as number } as never;
}

/** The configuration every service process has (its name and port beside the base). */
export type ServiceConfig = BaseConfig & { SERVICE: ServiceName; PORT: number };
