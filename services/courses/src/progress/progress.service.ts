import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, mapConstraintErrors, Outbox, type Identity } from '@clima/common';
import {
  CONTINUE_LIMIT,
  ContinueLesson,
  fractionOf,
  LessonPosition,
  LessonProgress,
  RESUME_MIN_SECONDS,
  WatchReport,
  type WatchInterval,
} from '@clima/contract';
import type { CoursesConfig } from '../config';
import { mapCourse, publicAudience } from '../courses/course.mapper';
import { CoursesRepository } from '../courses/courses.repository';
import { coursesError, CoursesError } from '../courses.errors';
import { LessonProgressRow, ProgressRepository } from './progress.repository';

const toProgress = (r: LessonProgressRow): LessonProgress => ({
  lesson_id: r.lesson_id,
  completed: r.completed ? 1 : 0,
  position: r.position,
  duration: r.duration,
  watched_fraction: r.duration === null ? null : fractionOf(r.watched_seconds ?? 0, r.duration),
});

/**
 * The player's report measured against the lesson's own duration (`lessonSeconds`), never the one the player
 * reports: the position and the stretches are cut at the lesson's end. A lesson whose duration is unknown (0)
 * keeps the player's figures for resuming, and cannot be completed.
 */
export function againstLessonDuration(report: WatchReport, lessonSeconds: number): WatchReport {
  if (!(lessonSeconds > 0)) return report;
  return {
    position: Math.min(report.position, lessonSeconds),
    duration: lessonSeconds,
    watched: report.watched.filter(([start]) => start < lessonSeconds).map(([start, end]): WatchInterval => [start, Math.min(end, lessonSeconds)]),
  };
}

/**
 * Per-user lesson progress. A lesson is completed once the user has watched LESSON_COMPLETE_RATIO of it:
 * the distinct seconds actually played (merged stretches, so seeking adds nothing and replaying counts
 * once), never credited faster than the player could play, over the lesson's own duration (never the one the
 * player reports). The
 * first completion of a lesson publishes `lesson.completed`, and the one that completes every lesson of
 * the course publishes `course.completed`, from the outbox in the same transaction. Completions recorded
 * under the old rule (frame loaded) stay as they are.
 */
@Injectable()
export class ProgressService {
  constructor(
    private readonly progress: ProgressRepository,
    private readonly courses: CoursesRepository,
    private readonly outbox: Outbox,
    @Inject(CONFIG) private readonly config: CoursesConfig,
  ) {}

  /** Every lesson of a published course the caller has progress on, in lesson order. */
  async list(courseId: number, userId: string): Promise<LessonProgress[]> {
    await this.assertPublishedCourse(courseId);
    return (await this.progress.ofCourse(courseId, userId)).map(toProgress);
  }

  /**
   * The lesson's state for the caller. The old "frame loaded = completed" call: still answered for old
   * clients, but it records nothing — a lesson completes only by being watched.
   */
  async state(courseId: number, lessonId: number, userId: string): Promise<LessonProgress> {
    await this.assertLesson(courseId, lessonId);
    const [row] = await this.progress.ofCourse(courseId, userId, lessonId);
    return row ? toProgress(row) : { lesson_id: lessonId, completed: 0, position: null, duration: null, watched_fraction: null };
  }

  /** Saves a player's report on a lesson and completes the lesson when most of it has been watched. */
  async report(courseId: number, lessonId: number, userId: string, reported: WatchReport, requestId?: string): Promise<LessonPosition> {
    const lessonSeconds = await this.assertLesson(courseId, lessonId);
    const report = againstLessonDuration(reported, lessonSeconds);
    const { answer, published } = await mapConstraintErrors(
      () =>
        this.progress.transaction(async (m) => {
          await this.progress.lockUserCourse(m, userId, courseId);
          const { covered } = await this.progress.applyWatch(m, userId, lessonId, report);
          let completed = await this.progress.isCompleted(m, userId, lessonId);
          let published = false;
          if (!completed && lessonSeconds > 0 && covered >= this.config.LESSON_COMPLETE_RATIO * lessonSeconds) {
            completed = true;
            if (await this.progress.complete(m, userId, lessonId)) {
              const at = new Date().toISOString();
              await this.outbox.write(m, 'lesson.completed', { userId, courseId, lessonId, at }, requestId);
              if (await this.progress.courseCompleted(m, userId, courseId)) await this.outbox.write(m, 'course.completed', { userId, courseId, at }, requestId);
              published = true;
            }
          }
          const answer: LessonPosition = {
            lesson_id: lessonId,
            position: report.position,
            duration: report.duration,
            watched_fraction: fractionOf(covered, report.duration),
            completed: completed ? 1 : 0,
          };
          return { answer, published };
        }),
      // the lesson may be deleted while the report is being saved
      { foreignKey: () => coursesError(CoursesError.LessonNotFound) },
    );
    if (published) this.outbox.kick();
    return answer;
  }

  /** 'Continuar assistindo' on the course home: the lesson to resume in each course, most recent first. */
  async continueWatching(userId: string, identity: Identity): Promise<ContinueLesson[]> {
    const rows = await this.progress.continueFor(userId, RESUME_MIN_SECONDS, CONTINUE_LIMIT);
    if (!rows.length) return [];
    const audience = publicAudience(identity);
    const courses = new Map((await this.courses.publishedAmong(rows.map((r) => r.course_id))).map((c) => [c.id, mapCourse(c, audience)]));
    return rows.flatMap((r) => {
      const course = courses.get(r.course_id);
      return course
        ? [{ course, lesson_id: r.lesson_id, lesson_title: r.lesson_title, position: r.position, duration: r.duration, updated_at: r.updated_at.toISOString() }]
        : [];
    });
  }

  /** Checks the lesson is in the published course; gives its own duration (0 when unknown). */
  private async assertLesson(courseId: number, lessonId: number): Promise<number> {
    await this.assertPublishedCourse(courseId);
    const seconds = await this.progress.lessonDuration(lessonId, courseId);
    if (seconds === undefined) throw coursesError(CoursesError.LessonNotFound);
    return seconds;
  }

  private async assertPublishedCourse(courseId: number): Promise<void> {
    if (!(await this.progress.publishedCourseExists(courseId))) throw coursesError(CoursesError.CourseNotFound);
  }
}
