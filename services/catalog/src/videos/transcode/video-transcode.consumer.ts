import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { bullConnection, CONFIG, jobLag } from '@clima/common';
import type { CatalogConfig } from '../../config';
import { VideoUploadsRepository } from '../video-uploads.repository';
import { SWEEP_JOB_OPTIONS, TranscodeJobData, VIDEO_TRANSCODE_QUEUE, VIDEO_TRANSCODE_SWEEP_ID, VideoTranscodeJob, VideoTranscodeProducer } from './video-transcode.queue';
import { VideoTranscoder } from './video-transcoder';

const SWEEP_BATCH = 200;

/**
 * The consumer of the conversion queue, in the process that runs the catalog's background work (the HTTP process
 * when WORKERS_IN_PROCESS, else `dist/worker.js`): one job at a time, ffmpeg at low priority (`nice`). On start it
 * queues the uploads still without renditions and declares the sweep that does it again every few minutes.
 */
@Injectable()
export class VideoTranscodeConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('VideoTranscode');
  private worker?: Worker;
  private readonly stopping = new AbortController();

  constructor(
    @Inject(CONFIG) private readonly config: CatalogConfig,
    private readonly transcoder: VideoTranscoder,
    private readonly producer: VideoTranscodeProducer,
    private readonly uploads: VideoUploadsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.WORKERS_IN_PROCESS && this.config.VIDEO_TRANSCODE) await this.start();
  }

  async start(): Promise<void> {
    if (this.worker) return;
    const worker = new Worker(VIDEO_TRANSCODE_QUEUE, (job) => this.process(job), {
      connection: bullConnection(this.config.REDIS_URL),
      prefix: this.config.KEY_PREFIX,
      concurrency: 1,
      // ffmpeg runs in a child process: the event loop stays free to renew the lock
      lockDuration: 120_000,
    });
    worker.on('failed', (job, err) => this.logger.warn({ msg: 'video conversion job failed', err, name: (job?.data as TranscodeJobData | undefined)?.name, attempts: job?.attemptsMade }));
    worker.on('error', (err) => this.logger.warn({ msg: 'video conversion worker error', err }));
    this.worker = worker;
    await worker.waitUntilReady();
    await this.producer.jobs.upsertJobScheduler(
      VIDEO_TRANSCODE_SWEEP_ID,
      { every: this.config.VIDEO_TRANSCODE_SWEEP_MINUTES * 60_000 },
      { name: VideoTranscodeJob.Sweep, data: {}, opts: SWEEP_JOB_OPTIONS },
    );
    await this.sweep().catch((err: unknown) => this.logger.warn({ msg: 'video conversion sweep failed', err }));
  }

  /**
   * Queues every upload still without renditions, and the reading of the duration of every converted upload whose
   * duration is not kept (converted before durations were); returns how many jobs.
   */
  async sweep(): Promise<number> {
    const converting = await this.queueAll((after) => this.uploads.untranscodedBatch(after, SWEEP_BATCH), (name) => this.producer.enqueue(name, 'backlog'));
    const probing = await this.queueAll((after) => this.uploads.unknownDurationBatch(after, SWEEP_BATCH), (name) => this.producer.enqueueProbe(name));
    return converting + probing;
  }

  private async queueAll(batchAfter: (after: string) => Promise<{ name: string }[]>, enqueue: (name: string) => Promise<void>): Promise<number> {
    let after = '';
    let queued = 0;
    for (;;) {
      const batch = await batchAfter(after);
      for (const { name } of batch) await enqueue(name);
      queued += batch.length;
      if (batch.length < SWEEP_BATCH) return queued;
      after = batch[batch.length - 1]!.name;
    }
  }

  private async process(job: Job): Promise<unknown> {
    jobLag.observe({ queue: VIDEO_TRANSCODE_QUEUE }, Math.max(0, (Date.now() - job.timestamp) / 1000));
    if (job.name === VideoTranscodeJob.Sweep) return this.sweep();
    if (job.name === VideoTranscodeJob.Probe) return this.transcoder.recordDuration((job.data as TranscodeJobData).name);
    if (job.name !== VideoTranscodeJob.Transcode) return null;
    const { name } = job.data as TranscodeJobData;
    return this.transcoder.transcode(name, {
      progress: (percent) => job.updateProgress(percent),
      lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
      signal: this.stopping.signal,
    });
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    // a conversion in progress is stopped with the process (ffmpeg killed); the sweep queues it again
    this.stopping.abort();
    await worker?.close();
  }
}
