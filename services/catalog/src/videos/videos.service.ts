import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, CONFIG } from '@clima/common';
import { CATALOG_MESSAGES, VIDEO_FILE_NAME_RE, VIDEO_FILE_PREFIX, VideoUploadAnswer, videoTooLargeMessage } from '@clima/contract';
import { HttpResponse, receiveUpload, Storage, UploadRule, VIDEO_KINDS } from '@clima/storage';
import type { CatalogConfig } from '../config';
import { STORAGE } from './storage.provider';
import { VideoReferencesService } from './video-references.service';
import { probeVideoSeconds } from './video-duration';
import { VideoUploadsRepository } from './video-uploads.repository';
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
    return { url: `${VIDEO_FILE_PREFIX}${file.name}`, duration_seconds: await probeVideoSeconds(this.storage, file.key) };
  }

  /**
   * Answers with the file through the driver (nginx X-Accel-Redirect or a presigned URL). For a
   * subscriber, a file no published content or course shows does not exist (404), whatever its name.
   */
  async serve(name: string, res: HttpResponse, audience: VideoAudience): Promise<void> {
    if (!VIDEO_FILE_NAME_RE.test(name)) throw catalogError(CatalogError.VideoNotFound);
    const row = await this.uploads.findForServing(name);
    if (!row) throw catalogError(CatalogError.VideoNotFound);
    if (audience === 'subscriber' && !row.in_published_content && !(await this.inPublishedCourse(name))) {
      throw catalogError(CatalogError.VideoNotFound);
    }
    await this.storage.serve(res, `${VIDEO_FOLDER}/${name}`, { contentType: row.content_type });
  }

  private async inPublishedCourse(name: string): Promise<boolean> {
    const referenced = await this.references.referencedByCourses([name], true);
    // without the courses' answer the file is neither granted nor denied for good: try again shortly
    if (!referenced) throw AppError.unavailable();
    return referenced.has(name);
  }
}
