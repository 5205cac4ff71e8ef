import type { Manual } from '@clima/contract/manuals';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { defineAdminResource } from '../../../shared/hooks/admin-resource';
import { createManual, deleteManual, fetchAdminManuals, setManualPublished, updateManual, type ManualCreateInput, type ManualUpdateInput } from '../api/manuals-api';

const logs = messages.manuals.logs;

/** How often the list is read again while a manual's PDF waits for its text. */
const PENDING_REFRESH_MS = 3000;

const manuals = defineAdminResource({
  keys: adminKeys.manuals,
  list: fetchAdminManuals,
  remove: deleteManual,
  logs,
  // a PDF just saved is read in the background: the list follows until its text is settled
  refetchInterval: (items) => (items?.some((m) => m.text_status === 'pending') ? PENDING_REFRESH_MS : false),
});

export type SaveManual = { kind: 'create'; body: ManualCreateInput } | { kind: 'update'; id: number; body: ManualUpdateInput };

export const useAdminManuals = manuals.useList;
export const useDeleteManual = manuals.useDelete;
/** Create and update take different bodies (manufacturer and model are fixed once created). */
export const useSaveManual = () =>
  manuals.useChange((save: SaveManual): Promise<Manual> => (save.kind === 'create' ? createManual(save.body) : updateManual(save.id, save.body)), logs.save);
export const useToggleManualPublished = () =>
  manuals.useChange((manual: Manual) => setManualPublished(manual.id, manual.is_published ? 0 : 1), logs.toggle);
