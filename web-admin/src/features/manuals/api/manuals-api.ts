import type { Manual, ManualCreateBody, ManualUpdateBody, ManualUploadAnswer } from '@clima/contract/manuals';
import { messages } from '../../../i18n/messages';
import { ApiError, apiFetch, withQuery } from '../../../lib/api';

const e = messages.manuals.error;

/** The request never reached the server (network down, connection refused). */
export class ConnectionError extends Error {
  constructor(cause?: unknown) {
    super(e.connection, { cause });
    this.name = 'ConnectionError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A manuals call with the error texts of spec section 8: the server's `error` field, else the given
 * fallback for the status; a network failure is a ConnectionError.
 */
async function request<T>(path: string, method: Method, body: Record<string, unknown> | undefined, fallback: (status: number) => string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await apiFetch(path, { method, body, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ConnectionError(err);
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const error = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' && data.error ? data.error : fallback(res.status);
    throw new ApiError(res.status, error);
  }
  return data as T;
}

export async function fetchAdminManuals(filters: { search: string; type: string }, signal?: AbortSignal): Promise<Manual[]> {
  const data = await request<unknown>(withQuery('/api/admin/manuals', filters), 'GET', undefined, e.server, signal);
  return Array.isArray(data) ? (data as Manual[]) : [];
}

/** Create body as the spec's form sends it (manufacturer_logo null). */
export type ManualCreateInput = Omit<ManualCreateBody, 'manufacturer_logo' | 'manual_type' | 'is_published'> & {
  manual_type: ManualCreateBody['manual_type'];
  is_published: 0 | 1;
};

export const createManual = (body: ManualCreateInput) =>
  request<Manual>('/api/admin/manuals', 'POST', { ...body, manufacturer_logo: null }, e.server);

/** Edit body of spec section 5: only these fields are sent. */
export type ManualUpdateInput = Required<Pick<ManualUpdateBody, 'title' | 'description' | 'manufacturer_id' | 'model_id' | 'manual_type' | 'file_url' | 'is_published'>>;

export const updateManual = (id: number, body: ManualUpdateInput) => {
  const { title, description, manufacturer_id, model_id, manual_type, file_url, is_published } = body;
  return request<Manual>(`/api/admin/manuals/${id}`, 'PUT', { title, description, manufacturer_id, model_id, manual_type, file_url, is_published }, e.server);
};

/** The publish toggle: a PUT with only is_published (spec 7.3). */
export const setManualPublished = (id: number, isPublished: 0 | 1) =>
  request<Manual>(`/api/admin/manuals/${id}`, 'PUT', { is_published: isPublished }, () => e.toggle);

export const deleteManual = (id: number) => request<{ success: true }>(`/api/admin/manuals/${id}`, 'DELETE', undefined, () => e.delete);

/**
 * Streams a PDF to POST /api/admin/upload-manual (multipart field `file`), reporting progress from 0 to
 * 100. XMLHttpRequest, because fetch does not report upload progress.
 */
export function uploadManualPdf(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<ManualUploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/upload-manual');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data && typeof data === 'object' && 'url' in data) {
        onProgress(100);
        resolve(data as ManualUploadAnswer);
        return;
      }
      const error = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : messages.manuals.form.uploadFailed;
      reject(new ApiError(xhr.status, error));
    };
    xhr.onerror = () => reject(new ConnectionError());
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The text of the error dialog for a failure (spec section 8, admin manuals). */
export function manualErrorText(err: unknown): string {
  if (err instanceof ApiError || err instanceof ConnectionError) return err.message;
  if (err instanceof Error && err.message) return e.save(err.message);
  return e.unexpected;
}
