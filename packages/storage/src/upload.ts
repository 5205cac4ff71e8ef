import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, Transform, TransformCallback } from 'node:stream';
import { AppError } from '@clima/common';
import { FileKind, KIND_INFO, sniff, SNIFF_BYTES } from './magic';
import type { Storage } from './storage';
import { YoungGarbage } from './young-garbage';

/** Room for the multipart boundaries and headers around the file when comparing Content-Length. */
const MULTIPART_OVERHEAD = 1024 * 1024;

export interface UploadMessages {
  /** The bytes are not one of the accepted kinds (400). */
  wrongType: string;
  /** The file is larger than `maxBytes` (413). */
  tooLarge: string;
  /** The request has no file in the expected field (400). */
  missing: string;
  /** The body is not multipart/form-data or is cut short (400). */
  malformed: string;
}

export interface UploadRule {
  /** Multipart field that carries the file; other files are ignored. */
  field: string;
  /** Kinds accepted, decided by the first bytes. */
  kinds: readonly FileKind[];
  maxBytes: number;
  /** Folder of the object key (`videos`, `manuals`, …). */
  prefix: string;
  messages: UploadMessages;
}

export interface UploadedFile {
  /** Object key in the storage: `<prefix>/<name>`. */
  key: string;
  /** Random file name with the extension of the detected kind; never derived from the client's name. */
  name: string;
  kind: FileKind;
  contentType: string;
  size: number;
}

/** A random object name: 32 hex characters and the extension of the detected kind. */
export function newObjectName(kind: FileKind): string {
  return `${randomBytes(16).toString('hex')}.${KIND_INFO[kind].extension}`;
}

/**
 * Holds back the first bytes until it knows what the file is, refuses what is not allowed, and counts
 * bytes against the limit. Nothing reaches the storage before the type was accepted. The request's
 * buffers it lets through are collected every few megabytes (young-garbage.ts), so an upload of any
 * size adds only a few megabytes to the process.
 */
class SniffGuard extends Transform {
  readonly kind: Promise<FileKind>;
  private resolveKind!: (k: FileKind) => void;
  private rejectKind!: (e: Error) => void;
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;
  private total = 0;
  private readonly garbage = new YoungGarbage();

  constructor(private readonly rule: UploadRule) {
    super();
    this.kind = new Promise<FileKind>((resolve, reject) => {
      this.resolveKind = resolve;
      this.rejectKind = reject;
    });
    this.kind.catch(() => undefined);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.total += chunk.length;
    this.garbage.passed(chunk.length);
    if (this.total > this.rule.maxBytes) return done(AppError.tooLarge(this.rule.messages.tooLarge));
    if (this.decided) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.decide(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.decided) return done();
    this.decide(done);
  }

  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    this.rejectKind(err ?? new Error('upload encerrado'));
    done(err);
  }

  private decide(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    const kind = sniff(head);
    if (!kind || !this.rule.kinds.includes(kind)) {
      const err = AppError.badRequest(this.rule.messages.wrongType);
      this.rejectKind(err);
      return done(err);
    }
    this.decided = true;
    this.resolveKind(kind);
    done(null, head);
  }
}

/**
 * Streams the file of a multipart request into the storage: never buffered whole, type checked by its
 * bytes, size limited. Any failure removes what was written and rejects with an AppError (400, 413)
 * or the storage's own error. The rest of a refused body is drained so the client reads the answer.
 */
export function receiveUpload(req: IncomingMessage, storage: Storage, rule: UploadRule, res?: Pick<ServerResponse, 'setHeader'>): Promise<UploadedFile> {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    req.resume();
    return Promise.reject(AppError.badRequest(rule.messages.malformed));
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > rule.maxBytes + MULTIPART_OVERHEAD) {
    // refuse at once without reading hundreds of megabytes; the connection closes after the answer
    res?.setHeader('Connection', 'close');
    return Promise.reject(AppError.tooLarge(rule.messages.tooLarge));
  }

  return new Promise<UploadedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: rule.maxBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 40 } });
    } catch {
      req.resume();
      return reject(AppError.badRequest(rule.messages.malformed));
    }

    let failure: Error | null = null;
    let guard: SniffGuard | null = null;
    let key: string | null = null;
    let stored: Promise<UploadedFile> | null = null;

    const fail = (err: Error) => {
      if (failure) return;
      failure = err;
      guard?.destroy(err);
      req.unpipe(parser);
      req.resume();
      // wait for the storage to give up, then make sure nothing of this upload remains
      void Promise.resolve(stored?.catch(() => undefined))
        .then(() => (key ? storage.delete(key).catch(() => undefined) : undefined))
        .then(() => reject(err));
    };

    parser.on('file', (field, file) => {
      if (field !== rule.field || guard) {
        file.resume();
        return;
      }
      const g = new SniffGuard(rule);
      guard = g;
      // busboy stops at maxBytes + 1: reaching it means the file is too large (the guard counts too)
      file.on('limit', () => fail(AppError.tooLarge(rule.messages.tooLarge)));
      pipeline(file, g, (err) => {
        if (err) fail(err);
      });
      stored = g.kind.then(async (kind) => {
        const name = newObjectName(kind);
        key = `${rule.prefix}/${name}`;
        const { contentType } = KIND_INFO[kind];
        const obj = await storage.put(key, g, { contentType });
        return { key, name, kind, contentType, size: obj.size };
      });
      stored.catch((err: Error) => fail(err));
    });
    parser.on('error', () => fail(AppError.badRequest(rule.messages.malformed)));
    parser.on('close', () => {
      if (failure) return;
      if (!stored) return fail(AppError.badRequest(rule.messages.missing));
      stored.then((file) => {
        if (!failure) resolve(file);
      }, () => undefined);
    });
    req.on('close', () => {
      if (!req.complete) fail(new Error('upload interrompido pelo cliente'));
    });
    req.pipe(parser);
  });
}
