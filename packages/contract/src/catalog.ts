import { z } from 'zod';
import { VideoOrientation } from './common';

/** Content (spec section 3). `tags` is text holding a JSON list of strings. */
export const Content = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  tags: z.string(),
  video_url: z.string().nullable(),
  video_file_url: z.string().nullable(),
  video_orientation: VideoOrientation,
  is_published: z.union([z.literal(0), z.literal(1)]),
  views_count: z.number(),
  created_at: z.string(),
});
export type Content = z.infer<typeof Content>;

/** Content category (spec section 3). */
export const ContentCategory = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type ContentCategory = z.infer<typeof ContentCategory>;

export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
