import type { Course, CourseCreateBody, CourseLesson, LessonCreateBody, LessonUpdateBody } from '@clima/contract/courses';
import { api, ApiError, withQuery } from '../../../lib/api';

export async function fetchAdminCourses(filters: { search: string; category: string }, signal?: AbortSignal): Promise<Course[]> {
  const data = await api<unknown>(withQuery('/api/admin/courses', filters), { signal });
  return Array.isArray(data) ? (data as Course[]) : [];
}

export const fetchAdminCourse = (id: number, signal?: AbortSignal) => api<Course>(`/api/admin/courses/${id}`, { signal });

export const createCourse = (body: CourseCreateBody) => api<Course>('/api/admin/courses', { method: 'POST', body });

export const updateCourse = (id: number, body: CourseCreateBody) => api<Course>(`/api/admin/courses/${id}`, { method: 'PUT', body });

export const toggleCoursePublished = (id: number, isPublished: 0 | 1) =>
  api<Course>(`/api/admin/courses/${id}/toggle-published`, { method: 'PATCH', body: { is_published: isPublished } });

export const deleteCourse = (id: number) => api(`/api/admin/courses/${id}`, { method: 'DELETE' });

export async function fetchAdminLessons(courseId: number, signal?: AbortSignal): Promise<CourseLesson[]> {
  const data = await api<unknown>(`/api/admin/courses/${courseId}/lessons`, { signal });
  return Array.isArray(data) ? (data as CourseLesson[]) : [];
}

export const createLesson = (courseId: number, body: LessonCreateBody) =>
  api<CourseLesson>(`/api/admin/courses/${courseId}/lessons`, { method: 'POST', body });

export const updateLesson = (id: number, body: LessonUpdateBody) => api<CourseLesson>(`/api/admin/lessons/${id}`, { method: 'PUT', body });

export const deleteLesson = (id: number) => api(`/api/admin/lessons/${id}`, { method: 'DELETE' });

export const reorderLessons = (courseId: number, lessonIds: number[]) =>
  api<CourseLesson[]>(`/api/admin/courses/${courseId}/lessons/order`, { method: 'PUT', body: { lesson_ids: lessonIds } });

/** POST /api/admin/upload-video (multipart field 'video'); resolves to the stored file's address. */
export async function uploadVideo(file: File, fallbackError: string): Promise<string> {
  const form = new FormData();
  form.append('video', file);
  const res = await fetch('/api/admin/upload-video', { method: 'POST', credentials: 'include', body: form });
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // Not JSON: handled below.
  }
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  if (!res.ok) throw new ApiError(res.status, typeof record.error === 'string' && record.error ? record.error : fallbackError);
  if (typeof record.url !== 'string') throw new ApiError(res.status, fallbackError);
  return record.url;
}
