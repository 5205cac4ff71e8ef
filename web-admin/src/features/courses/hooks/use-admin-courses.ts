import type { Course, CourseCreateBody } from '@clima/contract/courses';
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { defineAdminResource } from '../../../shared/hooks/admin-resource';
import { createCourse, deleteCourse, fetchAdminCourse, fetchAdminCourses, toggleCoursePublished, updateCourse } from '../api/courses-api';

const logs = messages.courses.logs;

/** Every course (drafts too), newest first; a failed load shows an empty list (spec section 8). */
export const courses = defineAdminResource({
  keys: adminKeys.courses,
  list: fetchAdminCourses,
  create: (body: CourseCreateBody): Promise<Course> => createCourse(body),
  update: updateCourse,
  remove: deleteCourse,
  // Course changes (and lesson changes) move the categories' lesson counts.
  alsoRefresh: [adminKeys.courseCategories.all],
  logs,
});

export const useAdminCourses = courses.useList;
export const useSaveCourse = courses.useSave;
export const useDeleteCourse = courses.useDelete;
export const useToggleCoursePublished = () =>
  courses.useChange((course: Course) => toggleCoursePublished(course.id, course.is_published === 1 ? 0 : 1), logs.toggle);

export const useAdminCourse = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.courses.detail(id ?? 0),
    queryFn: ({ signal }) => fetchAdminCourse(id!, signal),
    enabled: id !== null,
    retry: false,
  });
