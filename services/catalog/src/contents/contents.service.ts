import { Injectable } from '@nestjs/common';
import { auditBefore, mapConstraintErrors, SharedAnswers } from '@clima/common';
import { Content, ContentBody, ContentPreview, ContentsQuery } from '@clima/contract';
import { mapContent } from './content.mapper';
import { ContentsRepository } from './contents.repository';
import { catalogError, CatalogError } from '../catalog.errors';

const notFound = () => catalogError(CatalogError.ContentNotFound);

/**
 * What the public lists (contents and categories) are made of, for their shared answers: every write of a
 * content or a category, and a view counted (the list shows the totals), drops them.
 */
export const CONTENTS_ANSWERS = 'contents';

@Injectable()
export class ContentsService {
  constructor(
    private readonly contents: ContentsRepository,
    private readonly answers: SharedAnswers,
  ) {}

  /** Contents newest first; `publishedOnly` for the end-user list, all (drafts too) for the admin list. */
  async list(q: ContentsQuery, publishedOnly: boolean): Promise<Content[]> {
    const rows = await this.contents.list({ publishedOnly, category: q.category, search: q.search });
    return rows.map(mapContent);
  }

  /**
   * The locked preview of a published content (issue 25), for anyone: its title, description, category and
   * tags. Nothing paid (no video source) and no view counted.
   */
  async preview(id: number): Promise<ContentPreview> {
    const c = await this.get(id, { publishedOnly: true });
    return { id: c.id, title: c.title, description: c.description, category_name: c.category_name, tags: c.tags, created_at: c.created_at };
  }

  async get(id: number, opts: { publishedOnly: boolean }): Promise<Content> {
    const row = await this.contents.find(id, opts.publishedOnly);
    if (!row) throw notFound();
    return mapContent(row);
  }

  /**
   * A subscriber opens a published content. The first opening per user, content and São Paulo day
   * counts a view: the content's total and the day's figure move in the same transaction.
   */
  async open(id: number, userId: string): Promise<Content> {
    const opened = await this.contents.openPublished(id, userId);
    if (!opened) throw notFound();
    if (opened.counted) await this.answers.invalidate(CONTENTS_ANSWERS);
    return mapContent(opened.row);
  }

  async create(body: ContentBody): Promise<Content> {
    const id = await this.categoryChecked(() =>
      this.contents.insert({
        title: body.title,
        description: body.description ?? null,
        category_id: body.category_id ?? null,
        tags: body.tags ?? '[]',
        video_url: body.video_url ?? null,
        video_file_url: body.video_file_url ?? null,
        video_orientation: body.video_orientation ?? 'horizontal',
        is_published: body.is_published ?? 0,
      }),
    );
    return this.get(id, { publishedOnly: false });
  }

  /** Fields present in the body are written; the others keep their value. */
  async update(id: number, body: ContentBody): Promise<Content> {
    await this.recordBefore(id);
    const count = await this.categoryChecked(() => this.contents.update(id, body));
    if (!count) throw notFound();
    return this.get(id, { publishedOnly: false });
  }

  /** Sets the publication flag, or flips it when no value is given. */
  async setPublished(id: number, value: 0 | 1 | undefined): Promise<Content> {
    await this.recordBefore(id);
    if (!(await this.contents.setPublished(id, value ?? null))) throw notFound();
    return this.get(id, { publishedOnly: false });
  }

  /** Deletes the content and its per-user view records; the daily figures stay (they are history). */
  async remove(id: number): Promise<void> {
    await this.recordBefore(id);
    if (!(await this.contents.delete(id))) throw notFound();
  }

  /** The content as it was, for the audit log (an unknown id is answered 404 by the caller's own query). */
  private async recordBefore(id: number): Promise<void> {
    const row = await this.contents.find(id, false);
    if (row) auditBefore(mapContent(row));
  }

  private categoryChecked<T>(work: () => Promise<T>): Promise<T> {
    return mapConstraintErrors(work, { foreignKey: () => catalogError(CatalogError.UnknownCategory) });
  }
}
