import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { bullConnection, CONFIG } from '@clima/common';
import type { ManualsConfig } from '../config';
import { INDEX_JOB_OPTIONS, indexJobId, IndexJobData, ManualsQueue, ManualTextJob, ManualTextJobData } from './manual-text.queue';

/** The one producer of the `manuals-text` queue. */
@Injectable()
export class ManualTextProducer implements OnModuleDestroy {
  private readonly logger = new Logger('ManualText');
  private queue?: Queue<ManualTextJobData>;

  constructor(@Inject(CONFIG) private readonly config: ManualsConfig) {}

  get jobs(): Queue<ManualTextJobData> {
    this.queue ??= new Queue<ManualTextJobData>(ManualsQueue.Text, { connection: bullConnection(this.config.REDIS_URL), prefix: this.config.KEY_PREFIX });
    return this.queue;
  }

  /** Queues the reading of a manual's PDF (idempotent per manual and file). */
  async enqueue(manualId: number, fileUrl: string): Promise<void> {
    const data: IndexJobData = { manualId, fileUrl };
    await this.jobs.add(ManualTextJob.Index, data, { ...INDEX_JOB_OPTIONS, jobId: indexJobId(manualId, fileUrl) });
  }

  /**
   * Queueing after an admin's save: the manual is already stored as `pending`, so when Redis is away the
   * answer still succeeds and the next sweep queues it.
   */
  async enqueueAfterSave(manualId: number, fileUrl: string): Promise<void> {
    await this.enqueue(manualId, fileUrl).catch((err: unknown) => this.logger.warn({ msg: 'could not queue the text of a manual; the sweep will', err, manualId }));
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue?.close();
  }
}
