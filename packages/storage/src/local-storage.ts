import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, ByteRange, contentDisposition, HttpResponse, ObjectStream, PutOptions, ServeOptions, Storage, StoredObject } from './storage';

/** Path prefix of nginx's internal location that serves STORAGE_DIR (see README). */
export const ACCEL_PREFIX = '/media/';

/**
 * Files on the local disk under one directory. A file is written under a temporary name and renamed
 * when complete, so a reader never sees a partial file and a failed upload leaves nothing.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;

  constructor(readonly dir: string) {}

  path(key: string): string {
    assertSafeKey(key);
    return join(this.dir, key);
  }

  async put(key: string, body: Readable, _opts: PutOptions): Promise<StoredObject> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { key, size: (await stat(target)).size };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async stream(key: string, range?: ByteRange): Promise<ObjectStream | null> {
    const s = await this.stat(key);
    if (!s) return null;
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? s.size - 1, s.size - 1);
    return { body: createReadStream(this.path(key), { start, end }), size: s.size, start, end };
  }

  async location(key: string): Promise<string | null> {
    return (await this.stat(key)) ? this.path(key) : null;
  }

  /** nginx serves the file (with ranges) from its internal location; we only say which one. */
  async serve(res: HttpResponse, key: string, opts: ServeOptions): Promise<void> {
    assertSafeKey(key);
    res
      .header('X-Accel-Redirect', `${ACCEL_PREFIX}${key}`)
      .header('Content-Type', opts.contentType)
      .header('Content-Disposition', contentDisposition(opts.downloadName ? 'attachment' : 'inline', opts.downloadName))
      .header('Cache-Control', 'private, max-age=300')
      .code(200)
      .send();
  }
}
