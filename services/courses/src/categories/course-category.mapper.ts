import type { CourseCategory, CourseCategoryWithStats } from '@clima/contract';
import { isoText, toNumber } from '@clima/common';

export interface CourseCategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  cover_image_url: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CourseCategoryStatsRow extends CourseCategoryRow {
  lessons_count: number | string;
  total_duration: number | string;
}

export const CATEGORY_COLUMNS = 'cc.id, cc.name, cc.slug, cc.description, cc.cover_image_url, cc.created_at, cc.updated_at';

export function mapCourseCategory(r: CourseCategoryRow): CourseCategory {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    cover_image_url: r.cover_image_url,
    created_at: isoText(r.created_at),
    updated_at: isoText(r.updated_at),
  };
}

export function mapCourseCategoryWithStats(r: CourseCategoryStatsRow): CourseCategoryWithStats {
  return { ...mapCourseCategory(r), lessons_count: toNumber(r.lessons_count), total_duration: toNumber(r.total_duration) };
}
