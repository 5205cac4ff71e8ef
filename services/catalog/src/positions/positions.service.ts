import { Injectable } from '@nestjs/common';
import { mapConstraintErrors } from '@clima/common';
import {
  CONTINUE_LIMIT,
  Content,
  ContentPosition,
  ContinueContent,
  fractionOf,
  RESUME_MIN_SECONDS,
  WatchReport,
} from '@clima/contract';
import { catalogError, CatalogError } from '../catalog.errors';
import { mapContent } from '../contents/content.mapper';
import { PositionsRepository, SavedPositionRow } from './positions.repository';

const toPosition = (r: SavedPositionRow): ContentPosition => ({
  position: r.position,
  duration: r.duration,
  watched_fraction: fractionOf(r.watched_seconds, r.duration),
  updated_at: r.updated_at.toISOString(),
});

/**
 * Where a user stopped in a content's video, on any device. Each report adds the stretches actually
 * played to the ones kept (merged: seeking adds nothing, replaying counts once), never credited faster
 * than the player could play; the watched share is those distinct seconds over the duration.
 */
@Injectable()
export class PositionsService {
  constructor(private readonly positions: PositionsRepository) {}

  /** The caller's saved position in a published content, or null when nothing was saved. */
  async get(contentId: number, userId: string): Promise<ContentPosition | null> {
    await this.assertPublished(contentId);
    const row = await this.positions.find(userId, contentId);
    return row ? toPosition(row) : null;
  }

  async report(contentId: number, userId: string, report: WatchReport): Promise<ContentPosition> {
    await this.assertPublished(contentId);
    return mapConstraintErrors(
      () =>
        this.positions.transaction(async (m) => {
          const { saved } = await this.positions.apply(m, userId, contentId, report);
          return toPosition(saved);
        }),
      // the content may be deleted while the report is being saved
      { foreignKey: () => catalogError(CatalogError.ContentNotFound) },
    );
  }

  /** 'Continuar assistindo' on /contents; `visible` shapes each content for the caller (video sources or not). */
  async continueWatching(userId: string, visible: (c: Content) => Content): Promise<ContinueContent[]> {
    const rows = await this.positions.continueFor(userId, RESUME_MIN_SECONDS, CONTINUE_LIMIT);
    return rows.map((r) => ({ content: visible(mapContent(r)), position: r.w_position, duration: r.w_duration, updated_at: r.w_updated_at.toISOString() }));
  }

  private async assertPublished(contentId: number): Promise<void> {
    if (!(await this.positions.publishedContentExists(contentId))) throw catalogError(CatalogError.ContentNotFound);
  }
}
