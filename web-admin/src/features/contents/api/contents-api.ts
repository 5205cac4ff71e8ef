import type { Content, ContentBody } from '@clima/contract/catalog';
import { VideoUploadAnswer } from '@clima/contract/catalog';
import { messages } from '../../../i18n/messages';
import { api, apiFetch, withQuery } from '../../../lib/api';

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

type Body = Parameters<typeof apiFetch>[1];

/** Calls the API; a failure becomes a ContentRequestError with the server's error text or the right fallback. */
async function send<T>(path: string, options: Body, texts: FailureTexts): Promise<T> {
  let res: Response;
  try {
    res = await apiFetch(path, options);
  } catch (err) {
    if (options?.signal?.aborted) throw err;
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
  const data = await api<unknown>(withQuery('/api/admin/contents', filters), { signal });
  return Array.isArray(data) ? (data as Content[]) : [];
}

/** The body of POST/PUT: every field the form has (spec 7.3). */
export type ContentInput = Required<Pick<ContentBody, 'title'>> & Omit<ContentBody, 'title'>;

export const createContent = (body: ContentInput) =>
  send<Content>('/api/admin/contents', { method: 'POST', body: { ...body } }, { fallback: m.createFailed, network: m.connection });

export const updateContent = (id: number, body: ContentInput) =>
  send<Content>(`/api/admin/contents/${id}`, { method: 'PUT', body: { ...body } }, { fallback: m.updateFailed, network: m.connection });

export const deleteContent = (id: number) =>
  send<unknown>(`/api/admin/contents/${id}`, { method: 'DELETE' }, { fallback: m.deleteFailed, network: m.deleteConnection });

export const togglePublished = (id: number, isPublished: 0 | 1) =>
  send<Content>(
    `/api/admin/contents/${id}/toggle-published`,
    { method: 'PATCH', body: { is_published: isPublished } },
    { fallback: m.toggleFailed, network: m.toggleConnection, unreadable: m.unknownError },
  );

/**
 * POST /api/admin/upload-video (multipart field `video`, session cookie included) with upload
 * progress, which fetch cannot report. Resolves with the file's `url`; a refusal rejects with the
 * server's text, anything else with 'Erro ao fazer upload do vídeo. Tente novamente.'.
 */
export function uploadVideo(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/upload-video');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const answer = VideoUploadAnswer.safeParse(data);
        if (answer.success) resolve(answer.data.url);
        else reject(new Error(m.uploadFailed));
        return;
      }
      const error = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : '';
      reject(new Error(xhr.status === 400 || xhr.status === 413 ? error || m.uploadFailed : m.uploadFailed));
    };
    xhr.onerror = () => reject(new Error(m.uploadFailed));
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('video', file);
    xhr.send(form);
  });
}
