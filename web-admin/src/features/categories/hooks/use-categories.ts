import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { defineAdminResource } from '../../../shared/hooks/admin-resource';
import { createCategory, deleteCategory, fetchAdminCategories, updateCategory, type CategoryInput } from '../api/categories-api';

/** Admin categories (search over name, slug and description); a failed load is logged and reads as none. */
const categories = defineAdminResource({
  keys: adminKeys.categories,
  list: fetchAdminCategories,
  create: (body: CategoryInput) => createCategory(body),
  update: updateCategory,
  remove: deleteCategory,
  // Category names show on the content cards, so contents and the dashboard are refreshed as well.
  alsoRefresh: [adminKeys.contents.all, adminKeys.stats],
  logs: messages.categories.logs,
});

export const useAdminCategories = categories.useList;
export const useSaveCategory = categories.useSave;
export const useDeleteCategory = categories.useDelete;
