import { loadConfig } from '@clima/common';
import { MAX_PDF_BYTES } from '@clima/contract';
import { loadStorageConfig, storageEnv } from '@clima/storage';
import { z } from 'zod';

/** The manuals service's environment, validated once at boot. */
export const manualsEnv = {
  /** Largest PDF an administrator may upload, in bytes (larger is a 413). */
  MANUAL_MAX_BYTES: z.coerce.number().int().min(1024).max(2 * 1024 * 1024 * 1024).default(MAX_PDF_BYTES),
  /** Where uploaded PDFs are kept: STORAGE_DRIVER local|s3 and its variables (see packages/storage). */
  ...storageEnv,
};

export type ManualsConfig = ReturnType<typeof loadManualsConfig>;
export const loadManualsConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  ...loadConfig('manuals', manualsEnv, env),
  /** The storage driver's settings (S3 variables are required only when STORAGE_DRIVER is s3). */
  storage: loadStorageConfig(env),
});
