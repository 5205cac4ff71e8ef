import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import {
  fetchCategoriesWithStats,
  fetchCategory,
  fetchCategoryCourses,
  fetchCourse,
  fetchLessons,
  fetchProgress,
  markLessonDone,
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
  useQuery({ queryKey: queryKeys.category(slug), queryFn: () => fetchCategory(slug), retry: false });

export const useCategoryCourses = (slug: string | undefined) =>
  useQuery({
    queryKey: queryKeys.categoryCourses(slug ?? ''),
    queryFn: () => fetchCategoryCourses(slug ?? ''),
    enabled: Boolean(slug),
    retry: false,
  });

export const useCourse = (id: string) => useQuery({ queryKey: queryKeys.course(id), queryFn: () => fetchCourse(id), retry: false });
export const useCourseLessons = (id: string) => useQuery({ queryKey: queryKeys.courseLessons(id), queryFn: () => fetchLessons(id) });
export const useCourseProgress = (id: string) => useQuery({ queryKey: queryKeys.courseProgress(id), queryFn: () => fetchProgress(id) });

/** Records a lesson as completed; the server's list is read again once the call is over. */
export function useMarkLessonDone(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: number) => markLessonDone(courseId, lessonId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.courseProgress(courseId) }),
  });
}
