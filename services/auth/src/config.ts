import { loadConfig } from '@clima/common';
import { z } from 'zod';

/** The auth service's environment, validated once at boot. */
export const authEnv = {
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
};

export type AuthConfig = ReturnType<typeof loadAuthConfig>;
export const loadAuthConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig('auth', authEnv, env);
