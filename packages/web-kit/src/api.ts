/** Error raised for a non-OK answer; `message` is the `{ error }` text of the body when there is one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Json = Record<string, unknown> | unknown[];

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Json;
  /** Sends `Content-Type: application/json` even without a body (the heartbeat does). */
  json?: boolean;
  signal?: AbortSignal;
}

/** Low-level same-origin call: credentials always included, JSON header for JSON bodies. */
export function apiFetch(path: string, { method = 'GET', body, json, signal }: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined || json) headers['Content-Type'] = 'application/json';
  return fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

async function readError(res: Response, fallback: string): Promise<string> {
  try {
    const data: unknown = await res.json();
    if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' && data.error) {
      return data.error;
    }
  } catch {
    // Not JSON: keep the fallback.
  }
  return fallback;
}

/** Calls the API and parses the JSON answer; a non-OK answer throws ApiError with the server's text. */
export async function api<T>(path: string, options: RequestOptions & { fallbackError?: string } = {}): Promise<T> {
  const res = await apiFetch(path, options);
  if (!res.ok) {
    throw new ApiError(res.status, await readError(res, options.fallbackError ?? `HTTP ${res.status}`));
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** List loads: a failure or a non-array answer gives an empty list (spec section 7.2). */
export async function apiList<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  try {
    const data = await api<unknown>(path, { signal });
    return Array.isArray(data) ? (data as T[]) : [];
  } catch (err) {
    if (signal?.aborted) throw err;
    console.error(err);
    return [];
  }
}

/** Builds `path?a=1&b=2`, leaving out empty values. */
export function withQuery(path: string, params: Record<string, string | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) qs.set(key, value);
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
