import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { defineAdminResource } from '../../../shared/hooks/admin-resource';
import { deleteAdminUser, fetchAdminUsers, updateAdminUser, type UserUpdate } from '../api/users-api';

const users = defineAdminResource({
  keys: adminKeys.users,
  list: fetchAdminUsers,
  update: (id: string, body: UserUpdate) => updateAdminUser(id, body),
  remove: deleteAdminUser,
  logs: { load: messages.logs.usersLoad, save: messages.logs.userUpdate, delete: messages.logs.userDelete },
});

export const useAdminUsers = users.useList;
export const useUpdateAdminUser = users.useSave;
export const useDeleteAdminUser = users.useDelete;
