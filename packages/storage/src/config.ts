import { resolve } from 'node:path';
import { ConfigError } from '@clima/common';
import { z } from 'zod';

/** Where `<repo>/.data/storage` is, from this package's src/ or dist/. */
const DEFAULT_DIR = resolve(__dirname, '../../../.data/storage');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The storage variables, as a zod shape a service can spread into its own config. The S3 variables
 * are optional here; `loadStorageConfig` requires them only when STORAGE_DRIVER is s3.
 */
export const storageEnv = {
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().min(1).default(DEFAULT_DIR),
  S3_ENDPOINT: z.string().url().optional(),
  /** Address written into presigned URLs when browsers reach the store by another host than the service. */
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Lifetime of a presigned GET URL, in seconds. */
  S3_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(7 * 24 * 3600).default(300),
};

export interface LocalStorageConfig {
  driver: 'local';
  dir: string;
}

export interface S3StorageConfig {
  driver: 's3';
  endpoint?: string;
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  urlTtlSeconds: number;
}

export type StorageConfig = LocalStorageConfig | S3StorageConfig;

const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Validates the storage variables; a missing S3 variable (driver s3) stops start-up with its name. */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const parsed = z.object(storageEnv).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração de armazenamento inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local', dir: resolve(e.STORAGE_DIR) };
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length) {
    throw new ConfigError(
      `Configuração de armazenamento inválida: STORAGE_DRIVER=s3 exige ${missing.join(', ')} (variável ausente: ${missing[0]})`,
    );
  }
  return {
    driver: 's3',
    endpoint: e.S3_ENDPOINT,
    publicEndpoint: e.S3_PUBLIC_ENDPOINT,
    region: e.S3_REGION!,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    urlTtlSeconds: e.S3_URL_TTL_SECONDS,
  };
}
