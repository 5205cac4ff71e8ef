import { CoursesSchema1730000000000 } from './1730000000000-courses-schema';

/** Every migration of this service, in order. */
export const migrations = [CoursesSchema1730000000000];
