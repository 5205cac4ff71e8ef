import type { CourseCategory, CourseCategoryCreateBody } from '@clima/contract/courses';
import { api, asList } from '../../../lib/api';

export async function fetchCourseCategories(search: string, signal?: AbortSignal): Promise<CourseCategory[]> {
  return asList(api.get('/api/admin/course-categories', { query: { search }, signal }));
}

export const createCourseCategory = (body: CourseCategoryCreateBody): Promise<CourseCategory> => api.post('/api/admin/course-categories', { body });

export const updateCourseCategory = (id: number, body: CourseCategoryCreateBody): Promise<CourseCategory> =>
  api.put('/api/admin/course-categories/:id', { params: { id }, body });

export const deleteCourseCategory = (id: number) => api.delete('/api/admin/course-categories/:id', { params: { id } });
