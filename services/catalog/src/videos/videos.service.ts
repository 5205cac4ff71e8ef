import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { DataSource } from 'typeorm';
import { AppError, CONFIG } from '@clima/common';
import { CATALOG_MESSAGES, VIDEO_FILE_NAME_RE, VIDEO_FILE_PREFIX, VideoUploadAnswer, videoTooLargeMessage } from '@clima/contract';
import { HttpResponse, receiveUpload, Storage, UploadRule, VIDEO_KINDS } from '@clima/storage';
import type { CatalogConfig } from '../config';
import { STORAGE } from './storage.provider';

const FOLDER = 'videos';

/** Uploaded video files: streamed in, recorded, and handed out to subscribers by the storage driver. */
@Injectable()
export class VideosService {
  private readonly rule: UploadRule;

  constructor(
    private readonly ds: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) config: CatalogConfig,
  ) {
    this.rule = {
      field: 'video',
      kinds: VIDEO_KINDS,
      maxBytes: config.VIDEO_MAX_BYTES,
      prefix: FOLDER,
      messages: {
        wrongType: CATALOG_MESSAGES.videoWrongType,
        tooLarge: videoTooLargeMessage(config.VIDEO_MAX_BYTES),
        missing: CATALOG_MESSAGES.videoMissing,
        malformed: CATALOG_MESSAGES.videoMalformed,
      },
    };
  }

  async upload(req: IncomingMessage, uploadedBy: string): Promise<VideoUploadAnswer> {
    const file = await receiveUpload(req, this.storage, this.rule);
    try {
      await this.ds.query(`INSERT INTO video_uploads (name, content_type, size_bytes, uploaded_by) VALUES ($1, $2, $3, $4)`, [
        file.name,
        file.contentType,
        file.size,
        uploadedBy,
      ]);
    } catch (err) {
      await this.storage.delete(file.key).catch(() => undefined);
      throw err;
    }
    return { url: `${VIDEO_FILE_PREFIX}${file.name}` };
  }

  /** Answers with the file through the driver (nginx X-Accel-Redirect or a presigned URL). */
  async serve(name: string, res: HttpResponse): Promise<void> {
    if (!VIDEO_FILE_NAME_RE.test(name)) throw AppError.notFound(CATALOG_MESSAGES.videoNotFound);
    const [row]: { content_type: string }[] = await this.ds.query(`SELECT content_type FROM video_uploads WHERE name = $1`, [name]);
    if (!row) throw AppError.notFound(CATALOG_MESSAGES.videoNotFound);
    await this.storage.serve(res, `${FOLDER}/${name}`, { contentType: row.content_type });
  }
}
