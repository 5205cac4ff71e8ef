import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, SharedAnswers } from '@clima/common';
import { MANUAL_TEXT_ERRORS, type ManualTextStatus } from '@clima/contract';
import type { ManualsConfig } from '../config';
import { ManualFilesService } from '../files/manual-files.service';
import { MANUALS_ANSWERS } from '../manuals/manual.mapper';
import { pageCodes } from './codes';
import { ManualTextProducer } from './manual-text.producer';
import type { IndexJobData } from './manual-text.queue';
import { ManualTextRepository, PageText } from './manual-text.repository';
import { hasText } from './pdf-text';
import { PdfRefusedError, readPdfIsolated, ReaderLimits } from './reader/pdf-reader';
import { ManualSearchCache } from './search-cache';

/** Manuals queued by one sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 1000;

/** What became of one job: the manual's new text status, or `stale` when its file changed meanwhile. */
export type IndexOutcome = ManualTextStatus | 'stale';

/** Reads the text of the manuals' PDFs into the search index (the work of the `manuals-text` jobs). */
@Injectable()
export class ManualTextIndexer {
  private readonly logger = new Logger('ManualText');
  private readonly limits: ReaderLimits;

  constructor(
    @Inject(CONFIG) config: ManualsConfig,
    private readonly repo: ManualTextRepository,
    private readonly files: ManualFilesService,
    private readonly producer: ManualTextProducer,
    private readonly searchCache: ManualSearchCache,
    private readonly answers: SharedAnswers,
  ) {
    this.limits = {
      memoryMb: config.MANUAL_TEXT_MAX_MEMORY_MB,
      timeoutSeconds: config.MANUAL_TEXT_TIMEOUT_SECONDS,
      expandedMb: config.MANUAL_TEXT_MAX_EXPANDED_MB,
      ocr: config.MANUAL_OCR,
      ocrLanguages: config.MANUAL_OCR_LANGUAGES,
    };
  }

  /**
   * Reads the manual's PDF in a child process of its own (text layer, OCR of the scanned pages, capped per
   * file: see reader/pdf-reader.ts) and replaces its pages, in one transaction. A PDF over a cap, unreadable
   * or missing is `failed` at once with its reason (no retry can help); any other error is thrown for the
   * queue to retry, and on the last attempt the manual is marked `failed` first.
   */
  async index(job: IndexJobData, lastAttempt: boolean): Promise<IndexOutcome> {
    const { manualId, fileUrl } = job;
    const current = await this.repo.fileOf(manualId);
    if (!current || current.file_url !== fileUrl) return 'stale';
    const started = Date.now();
    try {
      const bytes = await this.files.read(fileUrl);
      if (!bytes) return await this.fail(job, MANUAL_TEXT_ERRORS.missing);
      let reading: Awaited<ReturnType<typeof readPdfIsolated>>;
      try {
        reading = await readPdfIsolated(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), this.limits);
      } catch (err) {
        if (err instanceof PdfRefusedError) return await this.fail(job, err.reason, err.message);
        throw err;
      }
      const read = reading.pages;
      const readable = read.some((p) => hasText(p.text));
      const pages: PageText[] = readable ? read.map((p, i) => ({ page: i + 1, body: p.text, codes: pageCodes(p.text), words: p.words })) : [];
      const ocrPages = readable ? read.filter((p) => p.words).length : 0;
      const status: ManualTextStatus = readable ? 'indexed' : 'no_text';
      const saved = await this.repo.saveText(manualId, fileUrl, { status, pageCount: read.length, ocrPages, pages });
      if (!saved) return 'stale';
      await this.textChanged();
      this.logger.log({ msg: 'manual text indexed', manualId, status, pages: read.length, ocrPages: reading.ocrPages, ocrMs: reading.ocrMs, ms: Date.now() - started });
      return status;
    } catch (err) {
      if (lastAttempt) {
        await this.repo.markFailed(manualId, fileUrl, MANUAL_TEXT_ERRORS.retries).catch(() => undefined);
        await this.textChanged();
      }
      throw err;
    }
  }

  private async fail(job: IndexJobData, reason: string, detail = reason): Promise<IndexOutcome> {
    this.logger.warn({ msg: 'manual text could not be read', manualId: job.manualId, reason: detail });
    await this.repo.markFailed(job.manualId, job.fileUrl, reason);
    await this.textChanged();
    return 'failed';
  }

  /** A manual's text changed (read, unreadable, failed): the kept searches go, and the lists (they show its text status and page count). */
  private async textChanged(): Promise<void> {
    await this.searchCache.clear();
    await this.answers.invalidate(MANUALS_ANSWERS);
  }

  /**
   * Queues every manual with a stored PDF whose text was never read (existing databases, the demo data, a
   * save whose queueing failed). Idempotent: one job per manual and file.
   */
  async sweep(): Promise<number> {
    const waiting = await this.repo.claimPending(SWEEP_BATCH);
    if (waiting.length) await this.answers.invalidate(MANUALS_ANSWERS);
    for (const m of waiting) await this.producer.enqueue(m.id, m.file_url);
    if (waiting.length) this.logger.log({ msg: 'manuals queued for their text', manuals: waiting.length });
    return waiting.length;
  }
}
