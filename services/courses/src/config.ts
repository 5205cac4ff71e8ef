import { loadConfig } from '@clima/common';
import { loadStorageConfig, storageEnv } from '@clima/storage';
import { z } from 'zod';

/** The courses service's own environment, validated once at boot. */
export const coursesEnv = {
  /** A lesson is completed once this share of it has been watched (distinct seconds played / duration). */
  LESSON_COMPLETE_RATIO: z.coerce.number().min(0.5).max(1).default(0.9),
  /** Where the quiz questions' images are kept: STORAGE_DRIVER local|s3 and its variables (see packages/storage). */
  ...storageEnv,
};

export type CoursesConfig = ReturnType<typeof loadCoursesConfig>;
export const loadCoursesConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  ...loadConfig('courses', coursesEnv, env),
  /** The storage driver's settings (S3 variables are required only when STORAGE_DRIVER is s3). */
  storage: loadStorageConfig(env),
});
