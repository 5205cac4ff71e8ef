import type { CourseCategory, CourseCategoryCreateBody } from '@clima/contract/courses';
import { api, withQuery } from '../../../lib/api';

export async function fetchCourseCategories(search: string, signal?: AbortSignal): Promise<CourseCategory[]> {
  const data = await api<unknown>(withQuery('/api/admin/course-categories', { search }), { signal });
  return Array.isArray(data) ? (data as CourseCategory[]) : [];
}

export const createCourseCategory = (body: CourseCategoryCreateBody) =>
  api<CourseCategory>('/api/admin/course-categories', { method: 'POST', body });

export const updateCourseCategory = (id: number, body: CourseCategoryCreateBody) =>
  api<CourseCategory>(`/api/admin/course-categories/${id}`, { method: 'PUT', body });

export const deleteCourseCategory = (id: number) => api(`/api/admin/course-categories/${id}`, { method: 'DELETE' });
