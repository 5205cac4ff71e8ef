import type { Content } from '@clima/contract/catalog';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { defineAdminResource } from '../../../shared/hooks/admin-resource';
import { createContent, deleteContent, fetchAdminContents, togglePublished, updateContent, type ContentInput } from '../api/contents-api';

const logs = messages.contents.logs;

/** Every content, drafts too, filtered by search text and category slug; a failed load reads as none. */
const contents = defineAdminResource({
  keys: adminKeys.contents,
  list: fetchAdminContents,
  create: (body: ContentInput): Promise<Content> => createContent(body),
  update: updateContent,
  remove: deleteContent,
  alsoRefresh: [adminKeys.stats],
  logs,
});

export const useAdminContents = contents.useList;
export const useSaveContent = contents.useSave;
export const useDeleteContent = contents.useDelete;
export const useTogglePublished = () =>
  contents.useChange(({ id, isPublished }: { id: number; isPublished: 0 | 1 }) => togglePublished(id, isPublished), logs.toggle);
