import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import {
  fetchCategoriesWithStats,
  fetchCategory,
  fetchCategoryCourses,
  fetchCourse,
  fetchLessons,
  fetchProgress,
} from '../api/courses-api';

export function useCourseCategories(search: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.courseCategories(search),
    queryFn: ({ signal }) => fetchCategoriesWithStats(search, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useCourseCategory = (slug: string) =>
  useQuery({ queryKey: queryKeys.category(slug), queryFn: () => fetchCategory(slug) });

export const useCategoryCourses = (slug: string | undefined) =>
  useQuery({ queryKey: queryKeys.categoryCourses(slug ?? ''), queryFn: () => fetchCategoryCourses(slug ?? ''), enabled: Boolean(slug) });

export const useCourse = (id: string) => useQuery({ queryKey: queryKeys.course(id), queryFn: () => fetchCourse(id) });
export const useCourseLessons = (id: string) => useQuery({ queryKey: queryKeys.courseLessons(id), queryFn: () => fetchLessons(id) });
export const useCourseProgress = (id: string) => useQuery({ queryKey: queryKeys.courseProgress(id), queryFn: () => fetchProgress(id) });
