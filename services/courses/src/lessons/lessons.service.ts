import { Injectable } from '@nestjs/common';
import { auditBefore, Queryable } from '@clima/common';
import { CourseLesson, LessonCreateBody, LessonUpdateBody, uploadedVideoName } from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { LessonRow, mapLesson } from './lesson.mapper';
import { LessonsRepository } from './lessons.repository';
import { VideoDurationsRepository } from './video-durations.repository';

/**
 * Lessons of a course. Positions are 1..n without gaps; every change that moves lessons runs in a
 * transaction holding the course row's lock, so two admins editing one course cannot interleave.
 *
 * A lesson that plays an uploaded file (no YouTube id) and is saved without a duration (absent or 0) takes the
 * file's, read by the catalog (`video.uploaded`, kept in `courses.video_duration`); when the catalog has not told
 * it yet, the lesson stays at 0 and is filled when it does. A duration typed by the admin is kept as typed.
 */
@Injectable()
export class LessonsService {
  constructor(
    private readonly lessons: LessonsRepository,
    private readonly durations: VideoDurationsRepository,
  ) {}

  /** The lessons of a course in order; `publishedOnly` hides the lessons of drafts (404). */
  async list(courseId: number, o: { publishedOnly: boolean }): Promise<CourseLesson[]> {
    const course = await this.lessons.courseVisibility(courseId);
    if (!course || (o.publishedOnly && !course.is_published)) throw coursesError(CoursesError.CourseNotFound);
    return (await this.lessons.ordered(courseId)).map(mapLesson);
  }

  async create(courseId: number, body: LessonCreateBody): Promise<CourseLesson> {
    return this.lessons.transaction(async (m) => {
      await this.lockCourse(m, courseId);
      const count = await this.lessons.count(m, courseId);
      const position = Math.min(body.position ?? count + 1, count + 1);
      const youtubeVideoId = body.youtube_video_id ?? null;
      const videoFileUrl = body.video_file_url ?? null;
      let durationSeconds = body.duration_seconds ?? 0;
      const upload = youtubeVideoId ? null : uploadedVideoName(videoFileUrl);
      // the file's lock before any lesson row is locked (the fact's handler takes them in that order too)
      if (upload && durationSeconds === 0) durationSeconds = await this.durations.knownFor(m, upload);
      await this.lessons.shift(m, courseId, 1, position);
      const created = await this.lessons.insert(m, {
        courseId,
        title: body.title,
        description: body.description ?? null,
        youtubeVideoId,
        videoFileUrl,
        durationSeconds,
        position,
      });
      return mapLesson(created);
    });
  }

  /** Changes the fields present in the body; a new position moves the lessons in between. */
  async update(lessonId: number, body: LessonUpdateBody): Promise<CourseLesson> {
    return this.lessons.transaction(async (m) => {
      const current = await this.lockLesson(m, lessonId);
      const before = await this.recordBefore(m, lessonId);
      const fields: Record<string, unknown> = {};
      if (body.title !== undefined) fields.title = body.title;
      if (body.description !== undefined) fields.description = body.description;
      if (body.youtube_video_id !== undefined) fields.youtube_video_id = body.youtube_video_id;
      if (body.video_file_url !== undefined) fields.video_file_url = body.video_file_url;
      if (body.duration_seconds !== undefined) fields.duration_seconds = body.duration_seconds;
      // before the positions move: the file's lock comes before any lesson row lock (as in the fact's handler)
      const duration = await this.uploadedDuration(m, before, body);
      if (duration !== undefined) fields.duration_seconds = duration;
      if (body.position !== undefined) {
        const count = await this.lessons.count(m, current.course_id);
        const to = Math.min(body.position, count);
        const from = current.position;
        if (to < from) await this.lessons.shift(m, current.course_id, 1, to, from - 1);
        else if (to > from) await this.lessons.shift(m, current.course_id, -1, from + 1, to);
        fields.position = to;
      }
      return mapLesson(await this.lessons.update(m, lessonId, fields));
    });
  }

  /** Deletes the lesson and its progress; the lessons after it move up. */
  async remove(lessonId: number): Promise<void> {
    await this.lessons.transaction(async (m) => {
      const current = await this.lockLesson(m, lessonId);
      await this.recordBefore(m, lessonId);
      await this.lessons.delete(m, lessonId);
      await this.lessons.shift(m, current.course_id, -1, current.position + 1);
    });
  }

  /** Puts the course's lessons in the given order; the list must hold each of them exactly once. */
  async reorder(courseId: number, lessonIds: number[]): Promise<CourseLesson[]> {
    return this.lessons.transaction(async (m) => {
      await this.lockCourse(m, courseId);
      const existing = await this.lessons.ids(m, courseId);
      const wanted = new Set(lessonIds);
      const same = wanted.size === lessonIds.length && existing.length === lessonIds.length && existing.every((l) => wanted.has(l.id));
      if (!same) throw coursesError(CoursesError.LessonOrderMismatch);
      auditBefore((await this.lessons.ordered(courseId, m)).map(mapLesson));
      await this.lessons.reorder(m, courseId, lessonIds);
      return (await this.lessons.ordered(courseId, m)).map(mapLesson);
    });
  }

  /** The lesson as it was (read under its course's lock), for the audit log. */
  private async recordBefore(m: Queryable, lessonId: number): Promise<LessonRow | undefined> {
    const found = await this.lessons.find(m, lessonId);
    if (found) auditBefore(mapLesson(found));
    return found;
  }

  /**
   * The duration an update gives a lesson that will play an uploaded file and gets no duration from the admin
   * (none sent, or 0): the file's when known, else 0 (filled when the catalog tells it). Without a duration
   * sent, a lesson that keeps its file keeps the duration it has; one given another file takes the new file's.
   * Undefined: the duration is not changed by this rule.
   */
  private async uploadedDuration(m: Queryable, before: LessonRow | undefined, body: LessonUpdateBody): Promise<number | undefined> {
    if (!before) return undefined;
    const youtube = body.youtube_video_id !== undefined ? body.youtube_video_id : before.youtube_video_id;
    const url = body.video_file_url !== undefined ? body.video_file_url : before.video_file_url;
    const upload = youtube ? null : uploadedVideoName(url);
    if (!upload) return undefined;
    const sent = body.duration_seconds;
    const otherFile = body.video_file_url !== undefined && upload !== uploadedVideoName(before.video_file_url);
    const needed = sent === 0 || (sent === undefined && (otherFile || Number(before.duration_seconds) === 0));
    return needed ? this.durations.knownFor(m, upload) : undefined;
  }

  private async lockCourse(m: Queryable, courseId: number): Promise<void> {
    if (!(await this.lessons.lockCourse(m, courseId))) throw coursesError(CoursesError.CourseNotFound);
  }

  private async lockLesson(m: Queryable, lessonId: number): Promise<{ course_id: number; position: number }> {
    const locked = await this.lessons.lockLesson(m, lessonId);
    if (!locked) throw coursesError(CoursesError.LessonNotFound);
    return locked;
  }
}
