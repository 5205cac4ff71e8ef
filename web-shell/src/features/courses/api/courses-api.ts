import type { ContinueLesson, Course, CourseCategory, CourseLesson, CoursePreview, LessonProgress } from '@clima/contract/courses';
import type { LessonPosition } from '@clima/contract/watch';
import type { WatchReportBody } from '../../../shared/playback/watch-tracker';
import { api, ApiError, orEmptyList } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.courses;

export const fetchCategoriesWithStats = (search: string, signal?: AbortSignal): Promise<CourseCategory[]> =>
  orEmptyList(api.get('/api/course-categories-with-stats', { query: { search }, signal }), signal);

/** The category of a slug or an id (spec 2.1: the parameter may be either). */
export async function fetchCategory(slugOrId: string): Promise<CourseCategory> {
  let list: unknown;
  try {
    list = await api.get('/api/course-categories');
  } catch (err) {
    throw new Error(m.categoryFailed, { cause: err });
  }
  const found = Array.isArray(list)
    ? (list as CourseCategory[]).find((c) => c.slug === slugOrId || String(c.id) === slugOrId)
    : undefined;
  if (!found) throw new Error(m.categoryNotFound);
  return found;
}

export async function fetchCategoryCourses(slug: string): Promise<Course[]> {
  try {
    const data: unknown = await api.get('/api/courses', { query: { category: slug } });
    return Array.isArray(data) ? (data as Course[]) : [];
  } catch (err) {
    throw new Error(m.coursesFailed, { cause: err });
  }
}

export async function fetchCourse(id: string): Promise<Course> {
  try {
    return await api.get('/api/courses/:id', { params: { id } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new Error(m.notFound, { cause: err });
    if (err instanceof ApiError && err.status === 401) throw new Error(m.needLogin, { cause: err });
    throw new Error(m.loadFailed, { cause: err });
  }
}

export const fetchLessons = (id: string): Promise<CourseLesson[]> => orEmptyList(api.get('/api/courses/:id/lessons', { params: { id } }));
export const fetchProgress = (id: string): Promise<LessonProgress[]> => orEmptyList(api.get('/api/courses/:id/progress', { params: { id } }));

/**
 * Saves the player's report on a lesson (where the user is, what they played); the server completes the
 * lesson once most of it was watched. `keepalive` when the page is going away.
 */
export async function saveLessonPosition(courseId: string, lessonId: number, report: WatchReportBody, keepalive: boolean): Promise<LessonPosition> {
  try {
    return await api.put('/api/courses/:id/lessons/:lessonId/position', { params: { id: courseId, lessonId }, body: report, keepalive });
  } catch (err) {
    console.error(m.progressFailed, err);
    throw err;
  }
}

export const fetchContinueCourses = (signal?: AbortSignal): Promise<ContinueLesson[]> => orEmptyList(api.get('/api/courses/continue', { signal }), signal);

/** The locked preview of a published course (public: no video sources). */
export const fetchCoursePreview = (id: string): Promise<CoursePreview> => api.get('/api/courses/:id/preview', { params: { id } });
