import type { Content, ContentCategory, ContentPreview, ContinueContent } from '@clima/contract/catalog';
import type { ContentPosition } from '@clima/contract/watch';
import type { WatchReportBody } from '../../../shared/playback/watch-tracker';
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

/** Where the user stopped in the content's video; null when nothing was saved or it cannot be read now. */
export async function fetchContentPosition(id: string): Promise<ContentPosition | null> {
  try {
    return await api.get('/api/contents/:id/position', { params: { id } });
  } catch (err) {
    console.error(err);
    return null;
  }
}

/** Saves a watch report; `keepalive` when the page is going away. */
export const saveContentPosition = (id: string, report: WatchReportBody, keepalive: boolean): Promise<ContentPosition> =>
  api.put('/api/contents/:id/position', { params: { id }, body: report, keepalive });

export const fetchContinueContents = (signal?: AbortSignal): Promise<ContinueContent[]> => orEmptyList(api.get('/api/contents/continue', { signal }), signal);

/** The locked preview of a published content (public: its words only, no video, no view counted). */
export const fetchContentPreview = (id: string): Promise<ContentPreview> => api.get('/api/contents/:id/preview', { params: { id } });
