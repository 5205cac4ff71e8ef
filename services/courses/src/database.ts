import { CourseCategoryEntity } from './categories/course-category.entity';
import { CourseEntity } from './courses/course.entity';
import { LessonEntity } from './lessons/lesson.entity';
import { migrations } from './migrations';
import { LessonProgressEntity } from './progress/lesson-progress.entity';

/** The courses service owns the `courses` schema. */
export const SCHEMA = 'courses';
export const entities = [CourseCategoryEntity, CourseEntity, LessonEntity, LessonProgressEntity];
export { migrations };
