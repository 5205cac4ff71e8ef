import type { Content, ContentCategory } from '@clima/contract/catalog';
import { api, ApiError, orEmptyList } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.contents;

export const fetchContents = (filters: { search: string; category: string }, signal?: AbortSignal): Promise<Content[]> =>
  orEmptyList(api.get('/api/contents', { query: { category: filters.category, search: filters.search }, signal }), signal);

export const fetchContentCategories = (): Promise<Pick<ContentCategory, 'id' | 'name' | 'slug'>[]> => orEmptyList(api.get('/api/categories'));

export async function fetchContent(id: string): Promise<Content> {
  try {
    return await api.get('/api/contents/:id', { params: { id } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new Error(m.notFound, { cause: err });
    if (err instanceof ApiError && err.status === 401) throw new Error(m.needLogin, { cause: err });
    throw new Error(m.loadFailed, { cause: err });
  }
}
