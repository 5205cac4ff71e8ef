import type { Content, ContentCategory } from '@clima/contract/catalog';
import { api, ApiError, apiList, withQuery } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.contents;

export const fetchContents = (filters: { search: string; category: string }, signal?: AbortSignal) =>
  apiList<Content>(withQuery('/api/contents', { category: filters.category, search: filters.search }), signal);

export const fetchContentCategories = () => apiList<Pick<ContentCategory, 'id' | 'name' | 'slug'>>('/api/categories');

export async function fetchContent(id: string): Promise<Content> {
  try {
    return await api<Content>(`/api/contents/${encodeURIComponent(id)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new Error(m.notFound, { cause: err });
    if (err instanceof ApiError && err.status === 401) throw new Error(m.needLogin, { cause: err });
    throw new Error(m.loadFailed, { cause: err });
  }
}
