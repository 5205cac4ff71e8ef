import type { Course, CourseCreateBody } from '@clima/contract/courses';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { createCourse, deleteCourse, fetchAdminCourse, fetchAdminCourses, toggleCoursePublished, updateCourse } from '../api/courses-api';

const logs = messages.courses.logs;

/** Every course (drafts too), newest first; a failed load shows an empty list (spec section 8). */
export function useAdminCourses(filters: { search: string; category: string }, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.courses.list(filters),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAdminCourses(filters, signal);
      } catch (err) {
        if (!signal.aborted) console.error(logs.load, err);
        return [];
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useAdminCourse = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.courses.detail(id ?? 0),
    queryFn: ({ signal }) => fetchAdminCourse(id!, signal),
    enabled: id !== null,
    retry: false,
  });

/** Course changes move the course list and the categories' lesson counts. */
function useInvalidateCourses() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.courses.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.courseCategories.all }),
    ]);
}

export function useSaveCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CourseCreateBody }): Promise<Course> =>
      id === null ? createCourse(body) : updateCourse(id, body),
    onError: (err) => console.error(logs.save, err),
    onSuccess: invalidate,
  });
}

export function useToggleCoursePublished() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (course: Course) => toggleCoursePublished(course.id, course.is_published === 1 ? 0 : 1),
    onError: (err) => console.error(logs.toggle, err),
    onSuccess: invalidate,
  });
}

export function useDeleteCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (id: number) => deleteCourse(id),
    onError: (err) => console.error(logs.delete, err),
    onSuccess: invalidate,
  });
}
