import type { Content, ContentBody } from '@clima/contract/catalog';
import { messages } from '../../../i18n/messages';
import { api, asList } from '../../../lib/api';

const m = messages.contents;

/** A failed content call, its message already chosen as spec section 8 says. */
export class ContentRequestError extends Error {
  constructor(
    message: string,
    readonly kind: 'server' | 'network',
  ) {
    super(message);
    this.name = 'ContentRequestError';
  }
}

interface FailureTexts {
  /** The answer had no `error` field. */
  fallback: string;
  /** The request never got an answer. */
  network: string;
  /** The answer's body was not JSON (default: the fallback). */
  unreadable?: string;
}

/** Makes the call; a failure becomes a ContentRequestError with the server's error text or the right fallback. */
async function send<T>(call: () => Promise<Response>, texts: FailureTexts): Promise<T> {
  let res: Response;
  try {
    res = await call();
  } catch (err) {
    throw new ContentRequestError(texts.network, 'network');
  }
  let data: unknown;
  try {
    const text = await res.text();
    data = text ? JSON.parse(text) : undefined;
  } catch {
    if (!res.ok) throw new ContentRequestError(texts.unreadable ?? texts.fallback, 'server');
    data = undefined;
  }
  if (!res.ok) {
    const error = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error.trim() : '';
    throw new ContentRequestError(error || texts.fallback, 'server');
  }
  return data as T;
}

export async function fetchAdminContents(filters: { search: string; category: string }, signal?: AbortSignal): Promise<Content[]> {
  return asList(api.get('/api/admin/contents', { query: filters, signal }));
}

/** The body of POST/PUT: every field the form has (spec 7.3). */
export type ContentInput = Required<Pick<ContentBody, 'title'>> & Omit<ContentBody, 'title'>;

export const createContent = (body: ContentInput) =>
  send<Content>(() => api.raw.post('/api/admin/contents', { body: { ...body } }), { fallback: m.createFailed, network: m.connection });

export const updateContent = (id: number, body: ContentInput) =>
  send<Content>(() => api.raw.put('/api/admin/contents/:id', { params: { id }, body: { ...body } }), { fallback: m.updateFailed, network: m.connection });

export const deleteContent = (id: number) =>
  send<unknown>(() => api.raw.delete('/api/admin/contents/:id', { params: { id } }), { fallback: m.deleteFailed, network: m.deleteConnection });

export const togglePublished = (id: number, isPublished: 0 | 1) =>
  send<Content>(
    () => api.raw.patch('/api/admin/contents/:id/toggle-published', { params: { id }, body: { is_published: isPublished } }),
    { fallback: m.toggleFailed, network: m.toggleConnection, unreadable: m.unknownError },
  );
