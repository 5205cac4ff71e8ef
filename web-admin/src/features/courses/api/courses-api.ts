import type { Course, CourseCreateBody, CourseLesson, LessonCreateBody, LessonUpdateBody } from '@clima/contract/courses';
import { api, asList } from '../../../lib/api';

export async function fetchAdminCourses(filters: { search: string; category: string }, signal?: AbortSignal): Promise<Course[]> {
  return asList(api.get('/api/admin/courses', { query: filters, signal }));
}

export const fetchAdminCourse = (id: number, signal?: AbortSignal): Promise<Course> => api.get('/api/admin/courses/:id', { params: { id }, signal });

export const createCourse = (body: CourseCreateBody): Promise<Course> => api.post('/api/admin/courses', { body });

export const updateCourse = (id: number, body: CourseCreateBody): Promise<Course> => api.put('/api/admin/courses/:id', { params: { id }, body });

export const toggleCoursePublished = (id: number, isPublished: 0 | 1): Promise<Course> =>
  api.patch('/api/admin/courses/:id/toggle-published', { params: { id }, body: { is_published: isPublished } });

export const deleteCourse = (id: number) => api.delete('/api/admin/courses/:id', { params: { id } });

export async function fetchAdminLessons(courseId: number, signal?: AbortSignal): Promise<CourseLesson[]> {
  return asList(api.get('/api/admin/courses/:id/lessons', { params: { id: courseId }, signal }));
}

export const createLesson = (courseId: number, body: LessonCreateBody): Promise<CourseLesson> =>
  api.post('/api/admin/courses/:id/lessons', { params: { id: courseId }, body });

export const updateLesson = (id: number, body: LessonUpdateBody): Promise<CourseLesson> => api.put('/api/admin/lessons/:id', { params: { id }, body });

export const deleteLesson = (id: number) => api.delete('/api/admin/lessons/:id', { params: { id } });

export const reorderLessons = (courseId: number, lessonIds: number[]): Promise<CourseLesson[]> =>
  api.put('/api/admin/courses/:id/lessons/order', { params: { id: courseId }, body: { lesson_ids: lessonIds } });
