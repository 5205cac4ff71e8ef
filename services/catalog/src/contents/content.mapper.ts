import type { Content } from '@clima/contract';

export interface ContentRow {
  id: number;
  title: string;
  description: string | null;
  category_id: number | null;
  category_name: string | null;
  tags: string;
  video_url: string | null;
  video_file_url: string | null;
  video_orientation: 'horizontal' | 'vertical';
  is_published: number;
  views_count: number;
  created_at: Date;
}

/**
 * The Content shape of spec section 3, with the category's name joined. `c` is contents, `cat` categories;
 * `viewsCount` is the expression of the total shown (a statement that counts a view shows the new total), `more`
 * more columns.
 */
export const contentSelect = (viewsCount = 'c.views_count', more = '') => `
  SELECT c.id, c.title, c.description, c.category_id, cat.name AS category_name, c.tags, c.video_url,
         c.video_file_url, c.video_orientation, c.is_published, ${viewsCount} AS views_count, c.created_at${more}
    FROM contents c
    LEFT JOIN categories cat ON cat.id = c.category_id`;

export const CONTENT_SELECT = contentSelect();

export const mapContent = (r: ContentRow): Content => ({
  id: r.id,
  title: r.title,
  description: r.description,
  category_id: r.category_id,
  category_name: r.category_name,
  tags: r.tags,
  video_url: r.video_url,
  video_file_url: r.video_file_url,
  video_orientation: r.video_orientation,
  is_published: r.is_published === 1 ? 1 : 0,
  views_count: r.views_count,
  created_at: r.created_at.toISOString(),
});

/** A content as a visitor without an active subscription may see it in the list: no video sources. */
export const withoutVideo = (c: Content): Content => ({ ...c, video_url: null, video_file_url: null });
