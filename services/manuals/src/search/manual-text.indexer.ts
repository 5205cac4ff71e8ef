import { Injectable, Logger } from '@nestjs/common';
import { SharedAnswers } from '@clima/common';
import type { ManualTextStatus } from '@clima/contract';
import { ManualFilesService } from '../files/manual-files.service';
import { MANUALS_ANSWERS } from '../manuals/manual.mapper';
import { pageCodes } from './codes';
import { ManualTextProducer } from './manual-text.producer';
import type { IndexJobData } from './manual-text.queue';
import { ManualTextRepository, PageText } from './manual-text.repository';
import { extractPdfPages, UnreadablePdfError } from './pdf-text';
import { ManualSearchCache } from './search-cache';

/** A PDF has searchable text when at least one of its pages holds this many letters or digits. */
const MIN_TEXT_CHARS = 20;
/** Manuals queued by one sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 1000;

const hasText = (page: string) => (page.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_TEXT_CHARS;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What became of one job: the manual's new text status, or `stale` when its file changed meanwhile. */
export type IndexOutcome = ManualTextStatus | 'stale';

/** Reads the text of the manuals' PDFs into the search index (the work of the `manuals-text` jobs). */
@Injectable()
export class ManualTextIndexer {
  private readonly logger = new Logger('ManualText');

  constructor(
    private readonly repo: ManualTextRepository,
    private readonly files: ManualFilesService,
    private readonly producer: ManualTextProducer,
    private readonly searchCache: ManualSearchCache,
    private readonly answers: SharedAnswers,
  ) {}

  /**
   * Reads the manual's PDF and replaces its pages, in one transaction. An unreadable or missing PDF is
   * `failed` at once (no retry can help); any other error is thrown for the queue to retry, and on the
   * last attempt the manual is marked `failed` first.
   */
  async index(job: IndexJobData, lastAttempt: boolean): Promise<IndexOutcome> {
    const { manualId, fileUrl } = job;
    const current = await this.repo.fileOf(manualId);
    if (!current || current.file_url !== fileUrl) return 'stale';
    const started = Date.now();
    try {
      const bytes = await this.files.read(fileUrl);
      if (!bytes) return await this.fail(job, 'the PDF is not in the storage');
      let texts: string[];
      try {
        texts = await extractPdfPages(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), breathe);
      } catch (err) {
        if (err instanceof UnreadablePdfError) return await this.fail(job, err.message);
        throw err;
      }
      const readable = texts.some(hasText);
      const pages: PageText[] = readable ? texts.map((body, i) => ({ page: i + 1, body, codes: pageCodes(body) })) : [];
      const status: ManualTextStatus = readable ? 'indexed' : 'no_text';
      const saved = await this.repo.saveText(manualId, fileUrl, { status, pageCount: texts.length, pages });
      if (!saved) return 'stale';
      await this.textChanged();
      this.logger.log({ msg: 'manual text indexed', manualId, status, pages: texts.length, ms: Date.now() - started });
      return status;
    } catch (err) {
      if (lastAttempt) {
        await this.repo.markFailed(manualId, fileUrl).catch(() => undefined);
        await this.textChanged();
      }
      throw err;
    }
  }

  private async fail(job: IndexJobData, reason: string): Promise<IndexOutcome> {
    this.logger.warn({ msg: 'manual text could not be read', manualId: job.manualId, reason });
    await this.repo.markFailed(job.manualId, job.fileUrl);
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
