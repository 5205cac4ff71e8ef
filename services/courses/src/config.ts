import { loadConfig } from '@clima/common';
import { z } from 'zod';

/** The courses service's own environment, validated once at boot. */
export const coursesEnv = {
  /** A lesson is completed once this share of it has been watched (distinct seconds played / duration). */
  LESSON_COMPLETE_RATIO: z.coerce.number().min(0.5).max(1).default(0.9),
};

export type CoursesConfig = ReturnType<typeof loadCoursesConfig>;
export const loadCoursesConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig('courses', coursesEnv, env);
