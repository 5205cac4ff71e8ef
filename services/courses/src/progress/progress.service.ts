import { Injectable } from '@nestjs/common';
import { mapConstraintErrors } from '@clima/common';
import { LessonProgress } from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { ProgressRepository } from './progress.repository';

/** Per-user lesson completion. A completion is a row; recording it twice changes nothing. */
@Injectable()
export class ProgressService {
  constructor(private readonly progress: ProgressRepository) {}

  /** The caller's completed lessons of a published course, in lesson order. */
  async list(courseId: number, userId: string): Promise<LessonProgress[]> {
    await this.assertPublishedCourse(courseId);
    const lessons = await this.progress.completedLessons(courseId, userId);
    return lessons.map((lessonId) => ({ lesson_id: lessonId, completed: 1 }));
  }

  /** Marks a lesson of a published course as completed by the caller (idempotent). */
  async complete(courseId: number, lessonId: number, userId: string): Promise<LessonProgress> {
    await this.assertPublishedCourse(courseId);
    if (!(await this.progress.lessonInCourse(lessonId, courseId))) throw coursesError(CoursesError.LessonNotFound);
    // the lesson may be deleted between the check and the insert
    await mapConstraintErrors(() => this.progress.complete(userId, lessonId), { foreignKey: () => coursesError(CoursesError.LessonNotFound) });
    return { lesson_id: lessonId, completed: 1 };
  }

  private async assertPublishedCourse(courseId: number): Promise<void> {
    if (!(await this.progress.publishedCourseExists(courseId))) throw coursesError(CoursesError.CourseNotFound);
  }
}
