import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { bullConnection, CONFIG, jobLag } from '@clima/common';
import type { ManualsConfig } from '../config';
import { ManualTextIndexer } from './manual-text.indexer';
import { ManualTextProducer } from './manual-text.producer';
import { IndexJobData, ManualsQueue, ManualTextJob, ManualTextJobData, SWEEP_JOB_OPTIONS, SWEEP_SCHEDULER_ID } from './manual-text.queue';

/**
 * The consumer of the `manuals-text` queue, in the process that runs the service's background work (the HTTP
 * process when WORKERS_IN_PROCESS, else `dist/worker.js`). On start it queues the manuals still waiting for
 * their text, and declares the sweep that does it again every MANUAL_TEXT_SWEEP_MINUTES.
 */
@Injectable()
export class ManualTextConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ManualText');
  private worker?: Worker<ManualTextJobData>;

  constructor(
    @Inject(CONFIG) private readonly config: ManualsConfig,
    private readonly indexer: ManualTextIndexer,
    private readonly producer: ManualTextProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.WORKERS_IN_PROCESS) await this.start();
  }

  /** Starts consuming (once), then sweeps. */
  async start(): Promise<Worker<ManualTextJobData>> {
    if (this.worker) return this.worker;
    const worker = new Worker<ManualTextJobData>(ManualsQueue.Text, (job) => this.process(job), {
      connection: bullConnection(this.config.REDIS_URL),
      prefix: this.config.KEY_PREFIX,
      concurrency: this.config.MANUAL_TEXT_CONCURRENCY,
      // a large PDF (or a long scan) takes a while; the lock is renewed meanwhile: the reading runs in a child process
      lockDuration: 120_000,
    });
    worker.on('failed', (job, err) => this.logger.warn({ msg: 'manual text job failed', err, manualId: (job?.data as IndexJobData | undefined)?.manualId, attempts: job?.attemptsMade }));
    worker.on('error', (err) => this.logger.warn({ msg: 'manual text worker error', err }));
    this.worker = worker;
    await worker.waitUntilReady();
    await this.producer.jobs.upsertJobScheduler(
      SWEEP_SCHEDULER_ID,
      { every: this.config.MANUAL_TEXT_SWEEP_MINUTES * 60_000 },
      { name: ManualTextJob.Sweep, data: {}, opts: SWEEP_JOB_OPTIONS },
    );
    // a failing sweep (database away at start) must not stop the service: the scheduled one follows
    await this.indexer.sweep().catch((err: unknown) => this.logger.warn({ msg: 'manual text sweep failed', err }));
    return worker;
  }

  private async process(job: Job<ManualTextJobData>): Promise<unknown> {
    jobLag.observe({ queue: ManualsQueue.Text }, Math.max(0, (Date.now() - job.timestamp) / 1000));
    if (job.name === ManualTextJob.Sweep) return this.indexer.sweep();
    if (job.name !== ManualTextJob.Index) return null;
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return this.indexer.index(job.data as IndexJobData, lastAttempt);
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.close();
  }
}
