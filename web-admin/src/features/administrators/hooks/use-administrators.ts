import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { defineAdminResource } from '../../../shared/hooks/admin-resource';
import { createAdministrator, deleteAdministrator, fetchAdministrators, updateAdministrator } from '../api/administrators-api';

const administrators = defineAdminResource({
  keys: adminKeys.administrators,
  list: fetchAdministrators,
  create: (body: { username: string; password: string }) => createAdministrator(body),
  update: updateAdministrator,
  remove: deleteAdministrator,
  logs: { load: messages.logs.adminsLoad, save: messages.logs.adminSave, delete: messages.logs.adminDelete },
});

export const useAdministrators = administrators.useList;
export const useSaveAdministrator = administrators.useSave;
export const useDeleteAdministrator = administrators.useDelete;
