import { z } from 'zod';
import { VideoOrientation } from './common';

/** Course category (spec section 3); the stats variant carries lessons_count and total_duration (seconds). */
export const CourseCategory = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  cover_image_url: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  lessons_count: z.number().optional(),
  total_duration: z.number().optional(),
});
export type CourseCategory = z.infer<typeof CourseCategory>;

/** Course (spec section 3). */
export const Course = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  course_category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  category_slug: z.string().nullable(),
  lessons_count: z.number(),
  total_duration: z.number(),
  cover_image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  video_file_url: z.string().nullable(),
  video_orientation: VideoOrientation,
  is_published: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type Course = z.infer<typeof Course>;

/** Lesson (spec section 3). */
export const Lesson = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  youtube_video_id: z.string().nullable(),
  duration_seconds: z.number(),
});
export type Lesson = z.infer<typeof Lesson>;

export const LessonProgress = z.object({ lesson_id: z.number(), completed: z.union([z.literal(0), z.literal(1)]) });
export type LessonProgress = z.infer<typeof LessonProgress>;
