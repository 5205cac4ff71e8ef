import type { AnswerOf, BodyOf, HttpMethod, ParamsOf, PathsOf, QueryOf } from '@clima/contract/endpoints';

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

/** What a call of `METHOD path` takes, typed from the contract's endpoint map. */
export interface CallOptions<M extends HttpMethod, P extends PathsOf<M>> {
  /** The path's `:name` placeholders. */
  params?: ParamsOf<P>;
  query?: QueryOf<M, P>;
  body?: BodyOf<M, P>;
  /** Sends `Content-Type: application/json` even without a body (the heartbeat does). */
  json?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (a last report when the tab closes). */
  keepalive?: boolean;
  /** The error text when the answer has no `{ error }` of its own. */
  fallbackError?: string;
}

interface LooseOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | null | undefined>;
  body?: unknown;
  json?: boolean;
  signal?: AbortSignal;
  keepalive?: boolean;
  fallbackError?: string;
}

/** `/api/courses/:id` with `{ id: 'a b' }` → `/api/courses/a%20b`, plus the query without its empty values. */
export function apiUrl(path: string, params: Record<string, string | number> = {}, query: Record<string, string | number | null | undefined> = {}): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') qs.set(key, String(value));
  }
  const s = qs.toString();
  return s ? `${filled}?${s}` : filled;
}

function send(method: HttpMethod, path: string, options: object = {}): Promise<Response> {
  const o = options as LooseOptions;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (o.body !== undefined || o.json) headers['Content-Type'] = 'application/json';
  return fetch(apiUrl(path, o.params, o.query), {
    method,
    credentials: 'include',
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    signal: o.signal,
    keepalive: o.keepalive,
  });
}

/** The `{ error }` text of a refused answer, or the fallback. */
export async function readError(res: Response, fallback: string): Promise<string> {
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

/**
 * In development and tests every answer is checked against the contract's schema, so a server and a web
 * app that drift apart fail loudly; production builds only cast (Vite drops this branch and the schemas).
 * The caller gets the answer as sent either way, so both behave the same.
 */
async function checkAnswer(method: HttpMethod, path: string, data: unknown): Promise<void> {
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    const { answerSchema } = await import('@clima/contract/endpoints');
    answerSchema(method, path)?.parse(data);
  }
}

async function readJson(method: HttpMethod, path: string, res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  await checkAnswer(method, path, data);
  return data;
}

/** The JSON of an OK answer obtained with `api.raw`, checked like every other answer. */
export function readAnswer<M extends HttpMethod, P extends PathsOf<M>>(method: M, path: P, res: Response): Promise<AnswerOf<M, P>> {
  return readJson(method, path, res) as Promise<AnswerOf<M, P>>;
}

async function request(method: HttpMethod, path: string, options: object = {}): Promise<unknown> {
  const o = options as LooseOptions;
  const res = await send(method, path, o);
  if (!res.ok) throw new ApiError(res.status, await readError(res, o.fallbackError ?? `HTTP ${res.status}`));
  return readJson(method, path, res);
}

/**
 * THE way the web apps call the API: `api.get('/api/contents', { query: { search } })`, typed by the
 * contract's endpoint map (packages/contract/src/endpoints.ts). A non-OK answer throws ApiError with the
 * server's text. `api.raw` gives the Response for the few calls that read a status or stream the body.
 */
export const api = {
  get: <P extends PathsOf<'GET'>>(path: P, options?: CallOptions<'GET', P>) => request('GET', path, options) as Promise<AnswerOf<'GET', P>>,
  post: <P extends PathsOf<'POST'>>(path: P, options?: CallOptions<'POST', P>) => request('POST', path, options) as Promise<AnswerOf<'POST', P>>,
  put: <P extends PathsOf<'PUT'>>(path: P, options?: CallOptions<'PUT', P>) => request('PUT', path, options) as Promise<AnswerOf<'PUT', P>>,
  patch: <P extends PathsOf<'PATCH'>>(path: P, options?: CallOptions<'PATCH', P>) => request('PATCH', path, options) as Promise<AnswerOf<'PATCH', P>>,
  delete: <P extends PathsOf<'DELETE'>>(path: P, options?: CallOptions<'DELETE', P>) => request('DELETE', path, options) as Promise<AnswerOf<'DELETE', P>>,
  raw: {
    get: <P extends PathsOf<'GET'>>(path: P, options?: CallOptions<'GET', P>) => send('GET', path, options),
    post: <P extends PathsOf<'POST'>>(path: P, options?: CallOptions<'POST', P>) => send('POST', path, options),
    put: <P extends PathsOf<'PUT'>>(path: P, options?: CallOptions<'PUT', P>) => send('PUT', path, options),
    patch: <P extends PathsOf<'PATCH'>>(path: P, options?: CallOptions<'PATCH', P>) => send('PATCH', path, options),
    delete: <P extends PathsOf<'DELETE'>>(path: P, options?: CallOptions<'DELETE', P>) => send('DELETE', path, options),
  },
};

/** List loads: a failure or a non-array answer gives an empty list (spec section 7.2). */
export async function orEmptyList<T>(load: Promise<T[]>, signal?: AbortSignal): Promise<T[]> {
  try {
    const data: unknown = await load;
    return Array.isArray(data) ? (data as T[]) : [];
  } catch (err) {
    if (signal?.aborted) throw err;
    console.error(err);
    return [];
  }
}

/** An answer that should be a list: anything else counts as empty (the admin lists). */
export async function asList<T>(load: Promise<T[]>): Promise<T[]> {
  const data: unknown = await load;
  return Array.isArray(data) ? (data as T[]) : [];
}
