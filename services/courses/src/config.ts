import { loadConfig } from '@clima/common';

/** The courses service's environment, validated once at boot (only the platform's variables). */
export const coursesEnv = {};

export type CoursesConfig = ReturnType<typeof loadCoursesConfig>;
export const loadCoursesConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig('courses', coursesEnv, env);
