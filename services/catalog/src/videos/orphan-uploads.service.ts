import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, rootLogger } from '@clima/common';
import type { Storage } from '@clima/storage';
import type { CatalogConfig } from '../config';
import { STORAGE } from './storage.provider';
import { VideoReferencesService } from './video-references.service';
import { VideoUploadsRepository } from './video-uploads.repository';
import { VIDEO_FOLDER } from './videos.service';
import { renditionsFolder } from './transcode/video-transcoder';

const BATCH = 200;

/**
 * Removes uploaded videos nobody uses: an admin who uploads a file and never saves the form leaves it
 * behind. An upload goes once it is ORPHAN_UPLOAD_HOURS old and no content (draft or published) and no
 * course references it; its file and its row go together.
 */
@Injectable()
export class OrphanUploadsService {
  private readonly log = rootLogger().child({ component: 'orphan-uploads' });

  constructor(
    private readonly uploads: VideoUploadsRepository,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly references: VideoReferencesService,
    @Inject(CONFIG) private readonly config: Pick<CatalogConfig, 'ORPHAN_UPLOAD_HOURS'>,
  ) {}

  /** One sweep; returns how many uploads were removed. */
  async removeOrphans(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.ORPHAN_UPLOAD_HOURS * 3_600_000);
    let removed = 0;
    let after = '';
    for (;;) {
      // walked by name, so uploads kept because a course uses them are not read again in this sweep
      const batch = await this.uploads.unreferencedBatch(cutoff, after, BATCH);
      if (!batch.length) break;
      after = batch[batch.length - 1]!.name;
      const inCourses = await this.references.referencedByCourses(
        batch.map((r) => r.name),
        false,
      );
      if (!inCourses) {
        // a file a course may still show is never removed on a guess: the next sweep asks again
        this.log.warn('courses did not answer: unreferenced uploads are kept until the next sweep');
        break;
      }
      for (const { name } of batch) if (!inCourses.has(name) && (await this.removeOne(name, cutoff))) removed++;
      if (batch.length < BATCH) break;
    }
    if (removed) this.log.info({ removed }, 'unreferenced uploads removed');
    return removed;
  }

  /**
   * The row is deleted (checked again, so a content saved meanwhile keeps it) and the file removed in one
   * transaction: when the storage fails, the row comes back and the next sweep tries again.
   */
  private async removeOne(name: string, cutoff: Date): Promise<boolean> {
    try {
      return await this.uploads.deleteUnreferenced(name, cutoff, async (derived) => {
        await this.storage.delete(`${VIDEO_FOLDER}/${name}`);
        // the conversion's files (HLS, poster, offline copy) and the captions go with it
        for (const file of derived) await this.storage.delete(`${renditionsFolder(name)}/${file}`);
      });
    } catch (err) {
      this.log.warn({ err, name }, 'unreferenced upload not removed; the next sweep tries again');
      return false;
    }
  }
}
