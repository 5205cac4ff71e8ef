import type { Readable } from 'node:stream';

/** A byte range as HTTP sends it (`bytes=start-end`, end inclusive); an open end means "to the last byte". */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface PutOptions {
  contentType: string;
}

export interface StoredObject {
  key: string;
  size: number;
}

export interface ObjectStream {
  body: Readable;
  /** Size of the whole object. */
  size: number;
  /** First and last byte sent (inclusive). */
  start: number;
  end: number;
}

/** The minimal reply an HTTP framework hands us (Fastify's is one). */
export interface HttpResponse {
  code(code: number): this;
  header(name: string, value: string | number): this;
  redirect(url: string, code: number): unknown;
  send(): unknown;
}

export interface ServeOptions {
  contentType: string;
  /** Offered file name for a download (`Content-Disposition: attachment`); inline when absent. */
  downloadName?: string;
}

/**
 * Where uploaded files live. Keys are produced by our own code (`newObjectKey`), never by a client:
 * lowercase letters, digits, `/`, `_`, `-` and `.`, no `..`.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Writes the stream under `key`. A failing stream leaves nothing behind. */
  put(key: string, body: Readable, opts: PutOptions): Promise<StoredObject>;
  /** Size of the object, or null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Reads the object (or a range of it); null when it does not exist. */
  stream(key: string, range?: ByteRange): Promise<ObjectStream | null>;
  /**
   * Where a program on this machine (ffprobe, ffmpeg) reads the object without its bytes passing through this
   * process: the file's path (local disk) or a presigned GET URL valid for `S3_URL_TTL_SECONDS` (S3, signed
   * for the service's own endpoint); null when the object does not exist.
   */
  location(key: string): Promise<string | null>;
  /**
   * Answers an HTTP request for the object after the caller authorised it: the local driver hands it to
   * nginx (`X-Accel-Redirect`), the S3 driver redirects to a short-lived presigned URL. Both support ranges.
   */
  serve(res: HttpResponse, key: string, opts: ServeOptions): Promise<void>;
}

const KEY_RE = /^[a-z0-9][a-z0-9_.-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Throws for a key that could escape the storage root or was not made by us. */
export function assertSafeKey(key: string): void {
  if (!KEY_RE.test(key) || key.split('/').some((s) => s === '..' || s === '.') || key.length > 512) {
    throw new Error(`Chave de armazenamento inválida: ${JSON.stringify(key)}`);
  }
}

/** `Content-Disposition` value with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', name?: string): string {
  if (!name) return kind;
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'arquivo';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Parses a single `Range: bytes=…` header against a size; null when absent or not satisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Math.min(Number(m[2]), size);
    return suffix > 0 ? { start: size - suffix, end: size - 1 } : null;
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}
