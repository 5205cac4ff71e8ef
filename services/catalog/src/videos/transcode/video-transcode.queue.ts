import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { bullConnection, CONFIG } from '@clima/common';
import type { CatalogConfig } from '../../config';

/** The catalog's queue of video conversions (one job per upload, its name as the job id). */
export const VIDEO_TRANSCODE_QUEUE = 'catalog-video-transcode';
export const VIDEO_TRANSCODE_SWEEP_ID = 'catalog-video-transcode-sweep';

export enum VideoTranscodeJob {
  /** Convert one upload. */
  Transcode = 'transcode',
  /** Queue every upload still without renditions (at start and every VIDEO_TRANSCODE_SWEEP_MINUTES). */
  Sweep = 'sweep',
  /** Read the duration of an upload converted before durations were kept (and publish `video.uploaded`). */
  Probe = 'probe',
}

export interface TranscodeJobData {
  name: string;
}

/**
 * Two attempts (a storage or database hiccup); a file ffmpeg cannot read fails at once. Finished jobs are not
 * kept, so the same upload can be queued again by the sweep when its worker stopped half-way.
 * Priority 10: a sweep's backlog never delays much the conversion of a fresh upload (priority 1).
 */
export const TRANSCODE_JOB_OPTIONS = { attempts: 2, backoff: { type: 'fixed', delay: 3000 }, removeOnComplete: true, removeOnFail: true } as const;
export const SWEEP_JOB_OPTIONS = { removeOnComplete: { count: 20 }, removeOnFail: { count: 50 } } as const;
export const transcodeJobId = (name: string) => `transcode-${name.replace(/\./g, '-')}`;
export const probeJobId = (name: string) => `probe-${name.replace(/\./g, '-')}`;

/** The producer of the conversion queue (the upload and the sweep). */
@Injectable()
export class VideoTranscodeProducer implements OnModuleDestroy {
  private readonly logger = new Logger('VideoTranscode');
  private queue?: Queue<TranscodeJobData | Record<string, never>>;

  constructor(@Inject(CONFIG) private readonly config: CatalogConfig) {}

  get jobs(): Queue<TranscodeJobData | Record<string, never>> {
    this.queue ??= new Queue(VIDEO_TRANSCODE_QUEUE, { connection: bullConnection(this.config.REDIS_URL), prefix: this.config.KEY_PREFIX });
    return this.queue;
  }

  /** Queues the conversion of an upload (a no-op while its job waits or runs). */
  async enqueue(name: string, priority: 'fresh' | 'backlog' = 'fresh'): Promise<void> {
    await this.jobs.add(VideoTranscodeJob.Transcode, { name }, { ...TRANSCODE_JOB_OPTIONS, jobId: transcodeJobId(name), priority: priority === 'fresh' ? 1 : 10 });
  }

  /** Queues the reading of an upload's duration, behind the fresh conversions (a no-op while its job waits or runs). */
  async enqueueProbe(name: string): Promise<void> {
    await this.jobs.add(VideoTranscodeJob.Probe, { name }, { ...TRANSCODE_JOB_OPTIONS, jobId: probeJobId(name), priority: 10 });
  }

  /** After an upload: the row says `pending` already, so with Redis away the upload still succeeds and the sweep queues it. */
  async enqueueAfterUpload(name: string): Promise<void> {
    if (!this.config.VIDEO_TRANSCODE) return;
    await this.enqueue(name).catch((err: unknown) => this.logger.warn({ msg: 'could not queue a video conversion; the sweep will', err, name }));
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue?.close();
  }
}
