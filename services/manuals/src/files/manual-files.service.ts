import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONFIG } from '@clima/common';
import { MANUAL_FILE_NAME_RE, MANUAL_FILE_PREFIX, MANUAL_MESSAGES, ManualUploadAnswer } from '@clima/contract';
import { HttpResponse, PDF_KINDS, receiveUpload, Storage, UploadRule } from '@clima/storage';
import type { ManualsConfig } from '../config';
import { ManualsRepository } from '../manuals/manuals.repository';
import { manualsError, ManualsError } from '../manuals.errors';

export const MANUALS_STORAGE = Symbol('MANUALS_STORAGE');

/** Folder of the manuals' PDFs in the storage. */
const PREFIX = 'manuals';

/** "100MB", or "512KB" for small limits. */
export function sizeLabel(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.floor(mb)}MB` : `${Math.ceil(bytes / 1024)}KB`;
}

/** The manuals' uploaded PDFs: receiving them, knowing their size, serving and removing them. */
@Injectable()
export class ManualFilesService {
  private readonly logger = new Logger('ManualFiles');
  private readonly rule: UploadRule;

  constructor(
    @Inject(MANUALS_STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) config: ManualsConfig,
    private readonly manuals: ManualsRepository,
  ) {
    this.rule = {
      field: 'file',
      kinds: PDF_KINDS,
      maxBytes: config.MANUAL_MAX_BYTES,
      prefix: PREFIX,
      messages: {
        wrongType: MANUAL_MESSAGES.notPdf,
        tooLarge: MANUAL_MESSAGES.tooLarge(sizeLabel(config.MANUAL_MAX_BYTES)),
        missing: MANUAL_MESSAGES.noFile,
        malformed: MANUAL_MESSAGES.malformedUpload,
      },
    };
  }

  /** Streams a PDF of the request into the storage (checked by its bytes, size-limited). */
  async upload(req: IncomingMessage, res?: ServerResponse): Promise<ManualUploadAnswer> {
    const file = await receiveUpload(req, this.storage, this.rule, res);
    return { url: `${MANUAL_FILE_PREFIX}${file.name}`, file_size: file.size };
  }

  /** The storage key of an address returned by the upload; null for any other address. */
  keyOf(fileUrl: string): string | null {
    if (!fileUrl.startsWith(MANUAL_FILE_PREFIX)) return null;
    const name = fileUrl.slice(MANUAL_FILE_PREFIX.length);
    return MANUAL_FILE_NAME_RE.test(name) ? `${PREFIX}/${name}` : null;
  }

  /** Bytes of an uploaded PDF (400 when it is not in the storage); null for an external address. */
  async sizeOf(fileUrl: string): Promise<number | null> {
    if (!fileUrl.startsWith(MANUAL_FILE_PREFIX)) return null;
    const key = this.keyOf(fileUrl);
    const stat = key ? await this.storage.stat(key) : null;
    if (!stat) throw manualsError(ManualsError.UploadedFileMissing);
    return stat.size;
  }

  /**
   * The bytes of an uploaded PDF (the upload capped its size at MANUAL_MAX_BYTES); null when the address is
   * not an upload or the object is not in the storage. pdf.js needs the whole file at hand.
   */
  async read(fileUrl: string): Promise<Buffer | null> {
    const key = this.keyOf(fileUrl);
    const object = key ? await this.storage.stream(key) : null;
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** Removes an uploaded PDF that no manual uses any more. A failure is logged, never shown. */
  async removeIfUnused(fileUrl: string): Promise<void> {
    const key = this.keyOf(fileUrl);
    if (!key) return;
    if (await this.manuals.isFileUsed(fileUrl)) return;
    await this.storage.delete(key).catch((err: unknown) => this.logger.warn({ err, key }, 'could not remove a manual file'));
  }

  /**
   * Answers the request for a stored PDF after the caller was authorised: nginx sends the bytes
   * (local driver) or the browser follows a short-lived signed URL (S3). 404 when it is not stored.
   */
  async serve(res: HttpResponse, name: string, downloadName: string): Promise<void> {
    const key = `${PREFIX}/${name}`;
    if (!(await this.storage.stat(key))) throw manualsError(ManualsError.FileNotFound);
    await this.storage.serve(res, key, { contentType: 'application/pdf', downloadName });
  }
}
