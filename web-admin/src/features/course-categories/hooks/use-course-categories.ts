import type { CourseCategoryCreateBody } from '@clima/contract/courses';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { createCourseCategory, deleteCourseCategory, fetchCourseCategories, updateCourseCategory } from '../api/course-categories-api';

const logs = messages.courseCategories.logs;

/** Course categories for the admin (with lesson counts); a failed load shows an empty list (spec section 8). */
export function useCourseCategories(search: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.courseCategories.list(search),
    queryFn: async ({ signal }) => {
      try {
        return await fetchCourseCategories(search, signal);
      } catch (err) {
        if (!signal.aborted) console.error(logs.load, err);
        return [];
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSaveCourseCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CourseCategoryCreateBody }) =>
      id === null ? createCourseCategory(body) : updateCourseCategory(id, body),
    onError: (err) => console.error(logs.save, err),
    onSuccess: async () => {
      // Course rows show the category's name and slug.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.courseCategories.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.courses.all }),
      ]);
    },
  });
}

export function useDeleteCourseCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCourseCategory(id),
    onError: (err) => console.error(logs.delete, err),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.courseCategories.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.courses.all }),
      ]);
    },
  });
}
