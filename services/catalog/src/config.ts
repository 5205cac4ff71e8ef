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
  /** Convert uploaded videos to HLS, a poster and an offline MP4 (issue 28); false leaves only the originals. */
  VIDEO_TRANSCODE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Niceness of ffmpeg (0 normal … 19 lowest): a conversion must not starve the HTTP path. */
  VIDEO_TRANSCODE_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /** A conversion running longer than this is stopped (and retried once). */
  VIDEO_TRANSCODE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(180),
  /** How often uploads without renditions are queued again (one job for all the copies). */
  VIDEO_TRANSCODE_SWEEP_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** Working folder of a conversion (the original and the converted files, removed after); the system's temporary folder by default. */
  VIDEO_TRANSCODE_DIR: z.string().min(1).optional(),
  /** Length of an HLS segment in seconds (key frames forced at every boundary, on every rung). */
  VIDEO_SEGMENT_SECONDS: z.coerce.number().int().min(2).max(10).default(4),
};

export type CatalogConfig = ReturnType<typeof loadCatalogConfig>;

/** Validated once at boot; a missing or malformed variable stops start-up with its name. */
export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  ...loadConfig('catalog', catalogEnv, env),
  storage: loadStorageConfig(env),
});
