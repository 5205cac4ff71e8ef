import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, likePattern, queryOne, queryRows } from '@clima/common';
import { DataSource } from 'typeorm';
import { COURSE_SELECT, CourseRow } from './course.mapper';

/** Columns a course body may write. */
export const COURSE_WRITABLE = [
  'title',
  'description',
  'course_category_id',
  'cover_image_url',
  'video_url',
  'video_file_url',
  'video_orientation',
  'is_published',
] as const;
export type CourseValues = { [K in (typeof COURSE_WRITABLE)[number]]: unknown };

/** The `courses.course` table. */
@Injectable()
export class CoursesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  list(f: { publishedOnly: boolean; categoryId?: number; search?: string; order: 'oldest' | 'newest' }): Promise<CourseRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.publishedOnly) where.push('c.is_published');
    if (f.categoryId !== undefined) {
      params.push(f.categoryId);
      where.push(`c.course_category_id = $${params.length}`);
    }
    if (f.search) {
      params.push(likePattern(f.search));
      const p = `public.f_unaccent(lower($${params.length}))`;
      where.push(`(public.f_unaccent(lower(c.title)) LIKE ${p} OR public.f_unaccent(lower(coalesce(c.description, ''))) LIKE ${p})`);
    }
    const order = f.order === 'oldest' ? 'c.created_at ASC, c.id ASC' : 'c.created_at DESC, c.id DESC';
    return queryRows<CourseRow>(this.ds, `${COURSE_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}`, params);
  }

  find(id: number): Promise<CourseRow | undefined> {
    return queryOne<CourseRow>(this.ds, `${COURSE_SELECT} WHERE c.id = $1`, [id]);
  }

  /** The published courses among `ids` (any order). */
  publishedAmong(ids: number[]): Promise<CourseRow[]> {
    return queryRows<CourseRow>(this.ds, `${COURSE_SELECT} WHERE c.id = ANY($1::int[]) AND c.is_published`, [ids]);
  }

  async insert(v: CourseValues): Promise<number> {
    const row = await queryOne<{ id: number }>(
      this.ds,
      `INSERT INTO courses.course (${COURSE_WRITABLE.join(', ')})
       VALUES (${COURSE_WRITABLE.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      COURSE_WRITABLE.map((k) => v[k]),
    );
    return row!.id;
  }

  /** Writes the fields given; answers how many rows changed (0: unknown id). */
  update(id: number, fields: Partial<CourseValues>): Promise<number> {
    const present = COURSE_WRITABLE.filter((k) => fields[k] !== undefined);
    const sets = [...present.map((k, i) => `${k} = $${i + 2}`), 'updated_at = now()'];
    return execute(this.ds, `UPDATE courses.course SET ${sets.join(', ')} WHERE id = $1`, [id, ...present.map((k) => fields[k])]);
  }

  /** Sets the publication flag, or flips it when `flag` is null. */
  setPublished(id: number, flag: boolean | null): Promise<number> {
    return execute(this.ds, `UPDATE courses.course SET is_published = coalesce($2::boolean, NOT is_published), updated_at = now() WHERE id = $1`, [id, flag]);
  }

  /** Its lessons and their progress go too (ON DELETE CASCADE). */
  delete(id: number): Promise<number> {
    return execute(this.ds, `DELETE FROM courses.course WHERE id = $1`, [id]);
  }

  /**
   * The names among `names` found inside a course's uploaded-file address or link, or a lesson's uploaded
   * file (of a published course with `publishedOnly`).
   */
  async referencedVideos(names: string[], publishedOnly: boolean): Promise<string[]> {
    const found = await queryRows<{ name: string }>(
      this.ds,
      `SELECT n.name FROM unnest($1::text[]) AS n(name)
        WHERE EXISTS (
          SELECT 1 FROM courses.course c
           WHERE ($2::boolean IS FALSE OR c.is_published)
             AND strpos(coalesce(c.video_file_url, '') || ' ' || coalesce(c.video_url, ''), n.name) > 0)
           OR EXISTS (
          SELECT 1 FROM courses.lesson l JOIN courses.course c ON c.id = l.course_id
           WHERE ($2::boolean IS FALSE OR c.is_published)
             AND l.video_file_url IS NOT NULL AND strpos(l.video_file_url, n.name) > 0)`,
      [names, publishedOnly],
    );
    return found.map((r) => r.name);
  }
}
