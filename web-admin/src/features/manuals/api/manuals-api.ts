import type { Manual, ManualCreateBody, ManualUpdateBody, ManualUploadAnswer } from '@clima/contract/manuals';
import { uploadFile, UploadConnectionError } from '@clima/web-kit/upload-client';
import { messages } from '../../../i18n/messages';
import { api, ApiError } from '../../../lib/api';

const e = messages.manuals.error;

/** The request never reached the server (network down, connection refused). */
export class ConnectionError extends Error {
  constructor(cause?: unknown) {
    super(e.connection, { cause });
    this.name = 'ConnectionError';
  }
}

/**
 * A manuals call with the error texts of spec section 8: the server's `error` field, else the given
 * fallback for the status; a network failure is a ConnectionError.
 */
async function request<T>(call: () => Promise<Response>, fallback: (status: number) => string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await call();
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
  const data = await request<unknown>(() => api.raw.get('/api/admin/manuals', { query: filters, signal }), e.server, signal);
  return Array.isArray(data) ? (data as Manual[]) : [];
}

/** Create body as the spec's form sends it (manufacturer_logo null). */
export type ManualCreateInput = Omit<ManualCreateBody, 'manufacturer_logo' | 'manual_type' | 'is_published'> & {
  manual_type: ManualCreateBody['manual_type'];
  is_published: 0 | 1;
};

export const createManual = (body: ManualCreateInput) =>
  request<Manual>(() => api.raw.post('/api/admin/manuals', { body: { ...body, manufacturer_logo: null } }), e.server);

/** Edit body of spec section 5: only these fields are sent. */
export type ManualUpdateInput = Required<Pick<ManualUpdateBody, 'title' | 'description' | 'manufacturer_id' | 'model_id' | 'manual_type' | 'file_url' | 'is_published'>>;

export const updateManual = (id: number, body: ManualUpdateInput) => {
  const { title, description, manufacturer_id, model_id, manual_type, file_url, is_published } = body;
  return request<Manual>(
    () => api.raw.put('/api/admin/manuals/:id', { params: { id }, body: { title, description, manufacturer_id, model_id, manual_type, file_url, is_published } }),
    e.server,
  );
};

/** The publish toggle: a PUT with only is_published (spec 7.3). */
export const setManualPublished = (id: number, isPublished: 0 | 1) =>
  request<Manual>(() => api.raw.put('/api/admin/manuals/:id', { params: { id }, body: { is_published: isPublished } }), () => e.toggle);

export const deleteManual = (id: number) => request<{ success: true }>(() => api.raw.delete('/api/admin/manuals/:id', { params: { id } }), () => e.delete);

/**
 * Streams a PDF to POST /api/admin/upload-manual (multipart field `file`) with the shared upload client,
 * reporting progress from 0 to 100.
 */
export async function uploadManualPdf(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<ManualUploadAnswer> {
  let answer;
  try {
    answer = await uploadFile({ url: '/api/admin/upload-manual', field: 'file', file, signal, onProgress: (f) => onProgress(Math.round(f * 100)) });
  } catch (err) {
    if (err instanceof UploadConnectionError) throw new ConnectionError();
    throw err;
  }
  const data = answer.body;
  if (answer.status >= 200 && answer.status < 300 && data && typeof data === 'object' && 'url' in data) {
    onProgress(100);
    return data as ManualUploadAnswer;
  }
  const error = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : messages.manuals.form.uploadFailed;
  throw new ApiError(answer.status, error);
}

/** The text of the error dialog for a failure (spec section 8, admin manuals). */
export function manualErrorText(err: unknown): string {
  if (err instanceof ApiError || err instanceof ConnectionError) return err.message;
  if (err instanceof Error && err.message) return e.save(err.message);
  return e.unexpected;
}
