import { loadConfig } from '@clima/common';
import { MAX_VIDEO_BYTES } from '@clima/contract';
import { loadStorageConfig } from '@clima/storage';
import { z } from 'zod';

/** The catalog service's own environment (storage variables: see packages/storage/README.md). */
export const catalogEnv = {
  /** Largest video upload in bytes (spec: 500 MB). */
  VIDEO_MAX_BYTES: z.coerce.number().int().min(1).max(10 * 1024 * 1024 * 1024).default(MAX_VIDEO_BYTES),
  /** An upload no content or course references is removed once it is this many hours old. */
  ORPHAN_UPLOAD_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24),
  /** How often the removal of unreferenced uploads runs (one job for all the copies of the service). */
  ORPHAN_UPLOAD_SWEEP_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
};

export type CatalogConfig = ReturnType<typeof loadCatalogConfig>;

/** Validated once at boot; a missing or malformed variable stops start-up with its name. */
export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  ...loadConfig('catalog', catalogEnv, env),
  storage: loadStorageConfig(env),
});
