import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { AppError, CONFIG } from '@clima/common';
import {
  CATALOG_MESSAGES,
  MAX_CAPTIONS_BYTES,
  normaliseWebVtt,
  VIDEO_DERIVED_FILE_RE,
  VIDEO_FILE_NAME_RE,
  VIDEO_FILE_PREFIX,
  VIDEO_STREAM_MESSAGES,
  VideoProcessing,
  VideoStreams,
  VideoUploadAnswer,
  videoTooLargeMessage,
} from '@clima/contract';
import { HttpResponse, receiveUpload, Storage, UploadRule, VIDEO_KINDS } from '@clima/storage';
import type { CatalogConfig } from '../config';
import { STORAGE } from './storage.provider';
import { VideoReferencesService } from './video-references.service';
import { probeVideoSeconds } from './video-duration';
import { CAPTIONS_FILE, ProcessingRow, ServedUpload, VideoUploadsRepository } from './video-uploads.repository';
import { VideoTranscodeProducer } from './transcode/video-transcode.queue';
import { derivedContentType, renditionsFolder } from './transcode/video-transcoder';
import { catalogError, CatalogError } from '../catalog.errors';

/** Storage folder of the uploaded videos (keys `videos/<name>`). */
export const VIDEO_FOLDER = 'videos';

/**
 * Who asks for an uploaded file: a subscriber gets only what a published content or course shows;
 * an administrator previews any upload (before it is published, too).
 */
export type VideoAudience = 'subscriber' | 'admin';

/** Uploaded video files: streamed in, recorded, and handed out by the storage driver to whom may watch them. */
@Injectable()
export class VideosService {
  private readonly rule: UploadRule;

  constructor(
    private readonly uploads: VideoUploadsRepository,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly references: VideoReferencesService,
    private readonly transcodes: VideoTranscodeProducer,
    @Inject(CONFIG) config: CatalogConfig,
  ) {
    this.rule = {
      field: 'video',
      kinds: VIDEO_KINDS,
      maxBytes: config.VIDEO_MAX_BYTES,
      prefix: VIDEO_FOLDER,
      messages: {
        wrongType: CATALOG_MESSAGES.videoWrongType,
        tooLarge: videoTooLargeMessage(config.VIDEO_MAX_BYTES),
        missing: CATALOG_MESSAGES.videoMissing,
        malformed: CATALOG_MESSAGES.videoMalformed,
      },
    };
  }

  async upload(req: IncomingMessage, uploadedBy: string, res?: ServerResponse): Promise<VideoUploadAnswer> {
    const file = await receiveUpload(req, this.storage, this.rule, res);
    try {
      await this.uploads.insert({ name: file.name, contentType: file.contentType, size: file.size, uploadedBy });
    } catch (err) {
      await this.storage.delete(file.key).catch(() => undefined);
      throw err;
    }
    const duration = await probeVideoSeconds(this.storage, file.key);
    // the courses service learns it too (video.uploaded): a lesson saved without a duration gets this one
    if (duration !== null) await this.uploads.recordDuration(file.name, duration);
    await this.transcodes.enqueueAfterUpload(file.name);
    return { url: `${VIDEO_FILE_PREFIX}${file.name}`, duration_seconds: duration };
  }

  /**
   * Answers with the file through the driver (nginx X-Accel-Redirect or a presigned URL). For a
   * subscriber, a file no published content or course shows does not exist (404), whatever its name.
   */
  async serve(name: string, res: HttpResponse, audience: VideoAudience): Promise<void> {
    const row = await this.watchable(name, audience);
    await this.storage.serve(res, `${VIDEO_FOLDER}/${name}`, { contentType: row.content_type });
  }

  /** The upload, when the caller may watch it (the rule of the original file); 404 otherwise. */
  private async watchable(name: string, audience: VideoAudience): Promise<ServedUpload> {
    if (!VIDEO_FILE_NAME_RE.test(name)) throw catalogError(CatalogError.VideoNotFound);
    const row = await this.uploads.findForServing(name);
    if (!row) throw catalogError(CatalogError.VideoNotFound);
    if (audience === 'subscriber' && !row.in_published_content && !(await this.inPublishedCourse(name))) {
      throw catalogError(CatalogError.VideoNotFound);
    }
    return row;
  }

  /**
   * A derived file of an upload (issue 28), by the same rule as the original. Playlists are small and answered
   * here (relative segment names, so they work whatever the driver); segments, poster and the offline copy go
   * through the driver like the original (nginx X-Accel-Redirect with ranges, or a presigned S3 URL), except the
   * segments of an S3 store, streamed through here (see below).
   */
  async serveDerived(
    name: string,
    file: string,
    audience: VideoAudience,
  ): Promise<{ text: string; contentType: string } | { stream: Readable; size: number; contentType: string } | { serve: (res: HttpResponse) => Promise<void> }> {
    if (!VIDEO_DERIVED_FILE_RE.test(file)) throw catalogError(CatalogError.VideoNotFound);
    const row = await this.watchable(name, audience);
    const present = file === CAPTIONS_FILE ? row.has_captions : row.transcode_status === 'ready' && row.rendition_files.includes(file);
    if (!present) throw catalogError(CatalogError.VideoNotFound);
    const key = `${renditionsFolder(name)}/${file}`;
    const contentType = derivedContentType(file);
    if (file.endsWith('.m3u8') || file === CAPTIONS_FILE) {
      const object = await this.storage.stream(key);
      if (!object) throw catalogError(CatalogError.VideoNotFound);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return { text: Buffer.concat(chunks).toString('utf8'), contentType };
    }
    if (this.storage.driver === 's3' && file.endsWith('.ts')) {
      // segments are fetched by the player's script (hls.js): a redirect to the bucket's origin would need that
      // origin in the page's connect-src and the bucket's CORS, so the few hundred kilobytes come through here
      const object = await this.storage.stream(key);
      if (!object) throw catalogError(CatalogError.VideoNotFound);
      return { stream: object.body, size: object.size, contentType };
    }
    return { serve: (res) => this.storage.serve(res, key, { contentType }) };
  }

  /** What the player may use besides the original: the HLS ladder, the poster, the captions and the offline copy. */
  async streams(name: string, audience: VideoAudience): Promise<VideoStreams> {
    const row = await this.watchable(name, audience);
    const base = `${VIDEO_FILE_PREFIX}${name}/`;
    const ready = row.transcode_status === 'ready';
    const has = (f: string) => ready && row.rendition_files.includes(f);
    return {
      status: row.transcode_status,
      hls: has('master.m3u8') ? `${base}master.m3u8` : null,
      poster: has('poster.jpg') ? `${base}poster.jpg` : null,
      captions: row.has_captions ? `${base}${CAPTIONS_FILE}` : null,
      offline: has('offline.mp4') && row.offline_bytes !== null ? { url: `${base}offline.mp4`, bytes: Number(row.offline_bytes) } : null,
      renditions: ready ? row.renditions : [],
    };
  }

  /** The conversion of the named uploads (`a,b,c`), for the admin's lists and forms; unknown names are left out. */
  async processing(namesCsv: string | undefined): Promise<VideoProcessing[]> {
    const names = [...new Set((namesCsv ?? '').split(',').map((n) => n.trim()).filter(Boolean))];
    if (names.length > 100) throw AppError.badRequest(VIDEO_STREAM_MESSAGES.namesInvalid);
    const valid = names.filter((n) => VIDEO_FILE_NAME_RE.test(n));
    if (!valid.length) return [];
    return (await this.uploads.processingOf(valid)).map(toProcessing);
  }

  /** 'Legendas (pt-BR)': stores a WebVTT file beside the upload's renditions; an empty text removes it. */
  async setCaptions(name: string, vtt: unknown): Promise<VideoProcessing> {
    if (!VIDEO_FILE_NAME_RE.test(name)) throw catalogError(CatalogError.VideoNotFound);
    if (typeof vtt !== 'string') throw AppError.badRequest(VIDEO_STREAM_MESSAGES.captionsMissing);
    const key = `${renditionsFolder(name)}/${CAPTIONS_FILE}`;
    if (!(await this.uploads.processingOf([name])).length) throw catalogError(CatalogError.VideoNotFound);
    if (vtt.trim() === '') {
      await this.uploads.setCaptions(name, false);
      await this.storage.delete(key);
    } else {
      if (Buffer.byteLength(vtt, 'utf8') > MAX_CAPTIONS_BYTES) throw AppError.badRequest(VIDEO_STREAM_MESSAGES.captionsTooLarge);
      const text = normaliseWebVtt(vtt);
      if (text === null) throw AppError.badRequest(VIDEO_STREAM_MESSAGES.captionsInvalid);
      await this.storage.put(key, Readable.from([Buffer.from(text, 'utf8')]), { contentType: derivedContentType(CAPTIONS_FILE) });
      await this.uploads.setCaptions(name, true);
    }
    const [row] = await this.uploads.processingOf([name]);
    if (!row) throw catalogError(CatalogError.VideoNotFound);
    return toProcessing(row);
  }

  private async inPublishedCourse(name: string): Promise<boolean> {
    const referenced = await this.references.referencedByCourses([name], true);
    // without the courses' answer the file is neither granted nor denied for good: try again shortly
    if (!referenced) throw AppError.unavailable();
    return referenced.has(name);
  }
}

const toProcessing = (r: ProcessingRow): VideoProcessing => ({
  name: r.name,
  status: r.transcode_status,
  percent: r.transcode_percent,
  error: r.transcode_error,
  renditions: r.renditions,
  captions: r.has_captions,
});
