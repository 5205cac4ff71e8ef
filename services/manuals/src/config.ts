import { loadConfig } from '@clima/common';
import { MAX_PDF_BYTES } from '@clima/contract';
import { loadStorageConfig, storageEnv } from '@clima/storage';
import { z } from 'zod';

/** The manuals service's environment, validated once at boot. */
export const manualsEnv = {
  /** Largest PDF an administrator may upload, in bytes (larger is a 413). */
  MANUAL_MAX_BYTES: z.coerce.number().int().min(1024).max(2 * 1024 * 1024 * 1024).default(MAX_PDF_BYTES),
  /** PDFs whose text the indexing job reads at the same time, per process that runs it. */
  MANUAL_TEXT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Memory one PDF's reading may use (its child process, and each OCR tool it runs), in MB. */
  MANUAL_TEXT_MAX_MEMORY_MB: z.coerce.number().int().min(64).max(16384).default(512),
  /** Seconds one PDF's reading may take, OCR included; past it the file is marked failed. */
  MANUAL_TEXT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86400).default(600),
  /** Size a PDF's compressed streams (not its pictures) may expand to, in MB; past it the file is refused (PDF bomb). */
  MANUAL_TEXT_MAX_EXPANDED_MB: z.coerce.number().int().min(1).max(65536).default(256),
  /** Whether pages without a text layer (scans) are read by OCR (tesseract), and in which languages. */
  MANUAL_OCR: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  MANUAL_OCR_LANGUAGES: z
    .string()
    .regex(/^[a-z_]+(\+[a-z_]+)*$/)
    .default('por+eng'),
  /** Minutes between two sweeps that queue the manuals still waiting for their text (one also runs at start). */
  MANUAL_TEXT_SWEEP_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Seconds a search answer is kept (Redis, dropped at once by any change it could show); 0 computes every search. */
  MANUAL_SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Where uploaded PDFs are kept: STORAGE_DRIVER local|s3 and its variables (see packages/storage). */
  ...storageEnv,
};

export type ManualsConfig = ReturnType<typeof loadManualsConfig>;
export const loadManualsConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  ...loadConfig('manuals', manualsEnv, env),
  /** The storage driver's settings (S3 variables are required only when STORAGE_DRIVER is s3). */
  storage: loadStorageConfig(env),
});
