import { type Identity, isActiveSubscriber } from '@clima/common';
import type { Course, VideoOrientation } from '@clima/contract';
import { isoText, toNumber } from '@clima/common';

/**
 * Who reads a course, as far as its video is concerned: `watcher` (an active subscriber, or an
 * administrator on the admin routes) gets the video sources; `visitor` (anyone else on the public list)
 * gets the course without them, since the list is public and the videos are premium.
 */
export type CourseAudience = 'watcher' | 'visitor';

/** The audience of a public route's caller: only an active subscription unlocks the video sources. */
export const publicAudience = (identity: Identity): CourseAudience => (isActiveSubscriber(identity.user) ? 'watcher' : 'visitor');

export interface CourseRow {
  id: number;
  title: string;
  description: string | null;
  course_category_id: number | null;
  category_name: string | null;
  category_slug: string | null;
  lessons_count: number | string;
  total_duration: number | string;
  cover_image_url: string | null;
  video_url: string | null;
  video_file_url: string | null;
  video_orientation: VideoOrientation;
  is_published: boolean;
  created_at: Date;
}

/** A course with its category and its lesson figures (alias `c` is the course). */
export const COURSE_SELECT = `
  SELECT c.id, c.title, c.description, c.course_category_id, cc.name AS category_name, cc.slug AS category_slug,
         l.lessons_count, l.total_duration, c.cover_image_url, c.video_url, c.video_file_url, c.video_orientation,
         c.is_published, c.created_at
    FROM courses.course c
    LEFT JOIN courses.course_category cc ON cc.id = c.course_category_id
    CROSS JOIN LATERAL (
      SELECT count(*) AS lessons_count, COALESCE(sum(duration_seconds), 0) AS total_duration
        FROM courses.lesson WHERE course_id = c.id
    ) l`;

export function mapCourse(r: CourseRow, audience: CourseAudience): Course {
  const watcher = audience === 'watcher';
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    course_category_id: r.course_category_id,
    category_name: r.category_name,
    category_slug: r.category_slug,
    lessons_count: toNumber(r.lessons_count),
    total_duration: toNumber(r.total_duration),
    cover_image_url: r.cover_image_url,
    video_url: watcher ? r.video_url : null,
    video_file_url: watcher ? r.video_file_url : null,
    video_orientation: r.video_orientation,
    is_published: r.is_published ? 1 : 0,
    created_at: isoText(r.created_at),
  };
}
