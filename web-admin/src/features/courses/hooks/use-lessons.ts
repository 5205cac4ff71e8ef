import type { CourseLesson, LessonCreateBody } from '@clima/contract/courses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { courses } from './use-admin-courses';
import { createLesson, deleteLesson, fetchAdminLessons, reorderLessons, updateLesson } from '../api/courses-api';

const logs = messages.courses.logs;

export function useAdminLessons(courseId: number) {
  return useQuery({
    queryKey: adminKeys.courses.lessons(courseId),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAdminLessons(courseId, signal);
      } catch (err) {
        if (!signal.aborted) console.error(logs.lessons, err);
        throw err;
      }
    },
  });
}

/** Lesson changes move the course's counts (list, detail) and the categories' totals: the courses' own refresh. */
export const useSaveLesson = (courseId: number) =>
  courses.useChange(
    ({ id, body }: { id: number | null; body: LessonCreateBody }) => (id === null ? createLesson(courseId, body) : updateLesson(id, body)),
    logs.lessonSave,
  );

export const useDeleteLesson = () => courses.useChange((id: number) => deleteLesson(id), logs.lessonDelete);

/** Saves a new order; the list moves at once and goes back if the server refuses. */
export function useReorderLessons(courseId: number) {
  const queryClient = useQueryClient();
  const key = adminKeys.courses.lessons(courseId);
  return useMutation({
    mutationFn: (ordered: CourseLesson[]) => reorderLessons(courseId, ordered.map((l) => l.id)),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CourseLesson[]>(key);
      queryClient.setQueryData<CourseLesson[]>(key, ordered.map((l, i) => ({ ...l, position: i + 1 })));
      return { previous };
    },
    onError: (err, _ordered, context) => {
      console.error(logs.reorder, err);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (lessons) => queryClient.setQueryData(key, lessons),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
