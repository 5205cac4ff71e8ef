import { loadConfig } from '@clima/common';
import { LESSON_QUESTION_LIMITS } from '@clima/contract';
import { loadStorageConfig, storageEnv } from '@clima/storage';
import { z } from 'zod';

/** The courses service's own environment, validated once at boot (storage variables: packages/storage/README.md). */
export const coursesEnv = {
  /** A lesson is completed once this share of it has been watched (distinct seconds played / duration). */
  LESSON_COMPLETE_RATIO: z.coerce.number().min(0.5).max(1).default(0.9),
  /** 'Dúvidas': minutes an author may edit or delete their own question or reply after posting it. */
  LESSON_QUESTION_EDIT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(LESSON_QUESTION_LIMITS.editMinutes),
  /** 'Dúvidas': questions one user may post per hour (429 beyond). */
  LESSON_QUESTIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** 'Dúvidas': replies one user may post per hour (429 beyond; administrators' replies are not counted). */
  LESSON_REPLIES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Where the service's files are kept (question photos, quiz images): STORAGE_DRIVER local|s3 and its variables (see packages/storage). */
  ...storageEnv,
};

export type CoursesConfig = ReturnType<typeof loadCoursesConfig>;
export const loadCoursesConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  ...loadConfig('courses', coursesEnv, env),
  /** The storage driver's settings (S3 variables are required only when STORAGE_DRIVER is s3). */
  storage: loadStorageConfig(env),
});
