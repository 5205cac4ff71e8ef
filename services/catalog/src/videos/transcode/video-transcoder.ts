import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, rootLogger } from '@clima/common';
import { VIDEO_DERIVED_FILE_RE, VIDEO_STREAM_MESSAGES } from '@clima/contract';
import type { Storage } from '@clima/storage';
import type { CatalogConfig } from '../../config';
import { STORAGE } from '../storage.provider';
import { VideoUploadsRepository } from '../video-uploads.repository';
import { probeVideoSeconds } from '../video-duration';
import { ladderArgs, ladderFor, posterArgs, probeSource, runFfmpeg, UnreadableVideoError } from './ffmpeg-ladder';

/** Storage folder of an upload's derived files (playlists, segments, poster, offline copy, captions). */
export const renditionsFolder = (name: string) => `renditions/${name}`;

const CONTENT_TYPES: [RegExp, string][] = [
  [/\.m3u8$/, 'application/vnd.apple.mpegurl'],
  [/\.ts$/, 'video/mp2t'],
  [/\.jpg$/, 'image/jpeg'],
  [/\.mp4$/, 'video/mp4'],
  [/\.vtt$/, 'text/vtt; charset=utf-8'],
];
export const derivedContentType = (file: string) => CONTENT_TYPES.find(([re]) => re.test(file))?.[1] ?? 'application/octet-stream';

/** Share of the progress bar taken by ffmpeg; writing the files to the storage takes the rest. */
const ENCODE_SHARE = 90;

export interface TranscodeRun {
  /** Called with 0–100 as the work goes (at most once per percent). */
  progress: (percent: number) => Promise<void> | void;
  /** On the last attempt a failure is recorded (`failed` with its reason); before it, the job is retried. */
  lastAttempt: boolean;
  signal?: AbortSignal;
}

/**
 * The conversion of one upload: the original is copied from the storage to a private temporary folder, ffmpeg
 * writes the HLS ladder, the offline MP4 and the poster there at low priority, and every file is written back
 * through the storage (local disk or S3). The original is never touched, so it stays playable whatever happens.
 */
@Injectable()
export class VideoTranscoder {
  private readonly log = rootLogger().child({ component: 'video-transcode' });

  constructor(
    private readonly uploads: VideoUploadsRepository,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: CatalogConfig,
  ) {}

  /**
   * Reads the duration of an upload converted before durations were kept and records it (publishing
   * `video.uploaded`); the seconds, or null when the file could not be read (the next sweep tries again).
   */
  async recordDuration(name: string): Promise<number | null> {
    const seconds = await probeVideoSeconds(this.storage, `videos/${name}`);
    if (seconds !== null) await this.uploads.recordDuration(name, Math.max(1, seconds));
    return seconds;
  }

  /** Converts `videos/<name>`; returns the status it ended in (`skipped` when the upload is gone or already done). */
  async transcode(name: string, run: TranscodeRun): Promise<'ready' | 'failed' | 'skipped'> {
    const taken = await this.uploads.startTranscode(name);
    if (!taken) return 'skipped';
    const dir = await mkdtemp(join(this.config.VIDEO_TRANSCODE_DIR ?? tmpdir(), 'clima-transcode-'));
    let reported = -1;
    const report = async (percent: number) => {
      const p = Math.max(0, Math.min(99, Math.floor(percent)));
      if (p <= reported) return;
      reported = p;
      await this.uploads.setPercent(name, p);
      await run.progress(p);
    };
    try {
      const input = join(dir, 'source');
      const object = await this.storage.stream(`videos/${name}`);
      if (!object) return 'skipped';
      await pipeline(object.body, createWriteStream(input));
      const source = await probeSource(input);
      // an upload whose probe failed at upload time gets its duration here (published once: video.uploaded)
      await this.uploads.recordDuration(name, Math.max(1, Math.round(source.durationSeconds)));
      const ladder = ladderFor(source);
      const out = join(dir, 'out');
      await mkdir(out);
      const ffmpeg = { nice: this.config.VIDEO_TRANSCODE_NICE, timeoutMs: this.config.VIDEO_TRANSCODE_TIMEOUT_MINUTES * 60_000, signal: run.signal };
      let pendingReport: Promise<void> = Promise.resolve();
      await runFfmpeg(ladderArgs({ input, outDir: out, source, ladder, segmentSeconds: this.config.VIDEO_SEGMENT_SECONDS }), {
        ...ffmpeg,
        onProgress: (seconds) => {
          pendingReport = pendingReport.then(() => report((seconds / source.durationSeconds) * ENCODE_SHARE)).catch(() => undefined);
        },
      });
      await pendingReport;
      await runFfmpeg(posterArgs(input, source, join(out, 'poster.jpg')), ffmpeg);

      const files = (await readdir(out)).filter((f) => VIDEO_DERIVED_FILE_RE.test(f)).sort();
      // playlists last: a player never reads a playlist whose segments are not stored yet
      const ordered = [...files.filter((f) => !f.endsWith('.m3u8')), ...files.filter((f) => f.endsWith('.m3u8'))];
      for (const [i, f] of ordered.entries()) {
        await this.storage.put(`${renditionsFolder(name)}/${f}`, createReadStream(join(out, f)), { contentType: derivedContentType(f) });
        await report(ENCODE_SHARE + ((i + 1) / ordered.length) * (100 - ENCODE_SHARE));
      }
      const offlineBytes = files.includes('offline.mp4') ? (await stat(join(out, 'offline.mp4'))).size : null;
      await this.uploads.markReady(name, { renditions: ladder.map((r) => r.height), files: ordered, offlineBytes });
      await run.progress(100);
      this.log.info({ name, renditions: ladder.map((r) => r.name), files: ordered.length }, 'video converted');
      return 'ready';
    } catch (err) {
      if (run.signal?.aborted) throw err; // stopped with its process: left `processing`, the sweep queues it again
      const unrecoverable = err instanceof UnreadableVideoError;
      this.log.warn({ err, name, lastAttempt: run.lastAttempt || unrecoverable }, 'video conversion failed');
      if (!run.lastAttempt && !unrecoverable) throw err;
      await this.uploads.markFailed(name, `${VIDEO_STREAM_MESSAGES.transcodeFailed}: ${(err as Error).message}`);
      return 'failed';
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
