import type { CourseCategoryCreateBody } from '@clima/contract/courses';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { defineAdminResource } from '../../../shared/hooks/admin-resource';
import { createCourseCategory, deleteCourseCategory, fetchCourseCategories, updateCourseCategory } from '../api/course-categories-api';

/** Course categories for the admin (with lesson counts); a failed load shows an empty list (spec section 8). */
const courseCategories = defineAdminResource({
  keys: adminKeys.courseCategories,
  list: fetchCourseCategories,
  create: (body: CourseCategoryCreateBody) => createCourseCategory(body),
  update: updateCourseCategory,
  remove: deleteCourseCategory,
  // Course rows show the category's name and slug.
  alsoRefresh: [adminKeys.courses.all],
  logs: messages.courseCategories.logs,
});

export const useCourseCategories = courseCategories.useList;
export const useSaveCourseCategory = courseCategories.useSave;
export const useDeleteCourseCategory = courseCategories.useDelete;
