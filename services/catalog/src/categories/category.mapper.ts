import type { ContentCategory } from '@clima/contract';

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  created_at: Date;
}

export const CATEGORY_COLUMNS = 'id, name, slug, description, created_at';

export const mapCategory = (r: CategoryRow): ContentCategory => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  description: r.description,
  created_at: r.created_at.toISOString(),
});
