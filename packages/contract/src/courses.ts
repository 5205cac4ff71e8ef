import { z } from 'zod';
import { VIDEO_FILE_NAME_RE } from './catalog';
import { MAX_LINE, MAX_TEXT, SLUG_RE, VIDEO_ORIENTATIONS, VideoOrientation } from './common';

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

/** GET /api/course-categories-with-stats: counts over the lessons of the category's published courses. */
export const CourseCategoryWithStats = CourseCategory.extend({
  lessons_count: z.number(),
  total_duration: z.number(),
});
export type CourseCategoryWithStats = z.infer<typeof CourseCategoryWithStats>;

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

/**
 * GET /api/courses/:id/preview (issue 25): what a visitor or a non-subscriber sees of a published course
 * opened from a shared link, beneath 'Acesso Restrito': no video sources, lessons by title and duration only.
 */
export const CoursePreview = Course.pick({
  id: true,
  title: true,
  description: true,
  category_name: true,
  category_slug: true,
  lessons_count: true,
  total_duration: true,
  cover_image_url: true,
}).extend({
  lessons: z.array(z.object({ id: z.number(), title: z.string(), duration_seconds: z.number() })),
});
export type CoursePreview = z.infer<typeof CoursePreview>;

/** Lesson (spec section 3). */
export const Lesson = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  youtube_video_id: z.string().nullable(),
  duration_seconds: z.number(),
  /** An uploaded video (product addition), played when the lesson has no YouTube id. */
  video_file_url: z.string().nullable(),
});
export type Lesson = z.infer<typeof Lesson>;

/**
 * Lesson as every lesson answer carries it: the spec's fields plus its course, its place in the course
 * (1 = first) and its dates. The end-user list and the admin list have the same shape.
 */
export const CourseLesson = Lesson.extend({
  course_id: z.number(),
  position: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CourseLesson = z.infer<typeof CourseLesson>;

/**
 * A lesson the user has progress on: `completed` (1 once most of it was watched, or under the old rule),
 * and where they stopped and the watched share (null when the lesson was never played with the new player).
 */
export const LessonProgress = z.object({
  lesson_id: z.number(),
  completed: z.union([z.literal(0), z.literal(1)]),
  position: z.number().nullable(),
  duration: z.number().nullable(),
  watched_fraction: z.number().min(0).max(1).nullable(),
});
export type LessonProgress = z.infer<typeof LessonProgress>;

/** GET /api/courses/continue: the lesson to resume in each course, most recent first. */
export const ContinueLesson = z.object({
  course: Course,
  lesson_id: z.number(),
  lesson_title: z.string(),
  position: z.number(),
  duration: z.number(),
  updated_at: z.string(),
});
export type ContinueLesson = z.infer<typeof ContinueLesson>;

/** Figures of the courses service for the admin dashboard (statsPattern('courses')). */
export const CoursesStats = z.object({
  /** Every course, drafts included. */
  totalCourses: z.number(),
  totalCourseCategories: z.number(),
  totalLessons: z.number(),
  /** Lesson completions recorded (one per user and lesson). */
  completedLessons: z.number(),
});
export type CoursesStats = z.infer<typeof CoursesStats>;

/**
 * Service-to-service query (catalog → courses, over Redis with `rpcPattern('courses', VIDEO_REFERENCES_QUERY)`):
 * which of these uploaded video files do courses reference? `published_only` when a subscriber asks for
 * the file; drafts count too when the catalog decides whether an upload may be removed.
 */
export const VIDEO_REFERENCES_QUERY = 'video-references';
export const VideoReferencesQuery = z.object({
  names: z.array(z.string().regex(VIDEO_FILE_NAME_RE)).max(500),
  published_only: z.boolean(),
});
export type VideoReferencesQuery = z.infer<typeof VideoReferencesQuery>;
export const VideoReferencesAnswer = z.object({ referenced: z.array(z.string()) });
export type VideoReferencesAnswer = z.infer<typeof VideoReferencesAnswer>;

// ---------------------------------------------------------------------------------------------
// Hosted-video ids and durations: shared by the lesson form and the server.
// ---------------------------------------------------------------------------------------------

const YOUTUBE_ID_RE = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/**
 * The 11-character video id from a bare id, a watch/short/embed/live link, a youtu.be short link or an
 * iframe embed snippet; null when the text is none of these.
 */
export function parseYouTubeId(input: string): string | null {
  let text = input.trim();
  if (YOUTUBE_ID_RE.test(text)) return text;
  const iframeSrc = /<iframe[^>]*\ssrc\s*=\s*["']([^"']+)["']/i.exec(text);
  if (iframeSrc) text = iframeSrc[1]!.trim();
  if (/^(www\.|m\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com)\//i.test(text)) text = `https://${text}`;
  if (text.startsWith('//')) text = `https:${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments[0] && ['embed', 'shorts', 'live', 'v', 'e'].includes(segments[0])) id = segments[1];
  }
  return id && YOUTUBE_ID_RE.test(id) ? id : null;
}

/** Longest lesson accepted: 99:59:59. */
export const MAX_LESSON_SECONDS = 99 * 3600 + 59 * 60 + 59;

/**
 * Seconds from a number of seconds, a numeric string, 'mm:ss' or 'h:mm:ss'. Returns null when the text
 * is not a duration; negative values return -1 so callers can say so.
 */
export function parseDuration(input: number | string): number | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || !Number.isInteger(input)) return null;
    return input < 0 ? -1 : input;
  }
  const text = input.trim();
  if (/^-\s*\d/.test(text)) return -1;
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const m = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [, h, min, s] = m;
  if (Number(s) > 59 || (h !== undefined && Number(min) > 59)) return null;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(s);
}

/** 'Xh Ymin', or 'Ymin' under an hour (spec 2.7, section 9). */
export function formatTotalDuration(seconds: number): string {
  const totalMinutes = Math.floor(Math.max(0, seconds) / 60);
  const h = Math.floor(totalMinutes / 60);
  const min = totalMinutes % 60;
  return h > 0 ? `${h}h ${min}min` : `${min}min`;
}

// ---------------------------------------------------------------------------------------------
// Request schemas (their messages are the ones the forms show).
// ---------------------------------------------------------------------------------------------

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Optional free text; blank or null is stored as null. */
const OptionalText = (max: number, tooLong: string, invalid: string) =>
  z.preprocess(blankToNull, z.string({ error: invalid }).trim().max(max, tooLong).nullable()).optional();

/** Optional http(s) link; blank or null is stored as null. */
const OptionalHttpUrl = (message: string) =>
  z
    .preprocess(blankToNull, z.string({ error: message }).trim().max(2048, 'URL muito longa').refine(isHttpUrl, message).nullable())
    .optional();

const CategoryName = z.string({ error: 'Nome é obrigatório' }).trim().min(1, 'Nome é obrigatório').max(MAX_LINE, 'Nome muito longo');

/** A slug when given; blank (or null) means "generate it from the name", as the form does. */
const OptionalSlug = z
  .preprocess(
    (v) => (v === null ? '' : v),
    z
      .string({ error: 'Apenas letras minúsculas, números e hífens' })
      .trim()
      .max(MAX_LINE, 'Slug muito longo')
      .refine((v) => v === '' || SLUG_RE.test(v), 'Apenas letras minúsculas, números e hífens'),
  )
  .optional();

/** POST /api/admin/course-categories (spec 7.3: name, slug, description). */
export const CourseCategoryCreateBody = z.object({
  name: CategoryName,
  slug: OptionalSlug,
  description: OptionalText(MAX_TEXT, 'Descrição muito longa', 'Descrição inválida'),
  cover_image_url: OptionalHttpUrl('URL da imagem de capa inválida'),
});
export type CourseCategoryCreateBody = z.infer<typeof CourseCategoryCreateBody>;

/** PUT /api/admin/course-categories/{id}: absent fields keep their value; a blank slug is regenerated from the name. */
export const CourseCategoryUpdateBody = CourseCategoryCreateBody.partial();
export type CourseCategoryUpdateBody = z.infer<typeof CourseCategoryUpdateBody>;

const TRUE_FLAGS = new Set<unknown>([1, true, '1', 'true']);
/** Publication flag: 0/1 as the spec sends it (booleans and '0'/'1' are accepted and normalised). */
export const PublishedFlagInput = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1', 'true', 'false'])], { error: 'is_published deve ser 0 ou 1' })
  .transform((v): 0 | 1 => (TRUE_FLAGS.has(v) ? 1 : 0));

/** A course category reference: a positive integer (or numeric text), or null / blank for "no category". */
const CategoryRef = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v) : v),
    z
      .number({ error: 'Categoria inválida' })
      .int('Categoria inválida')
      .positive('Categoria inválida')
      .max(2_147_483_647, 'Categoria inválida')
      .nullable(),
  )
  .optional();

/** Link of an uploaded video (answer of the upload) or any http(s) link. */
const VideoFileUrl = z
  .preprocess(
    blankToNull,
    z
      .string({ error: 'URL do arquivo de vídeo inválida' })
      .trim()
      .max(2048, 'URL muito longa')
      .refine((v) => isHttpUrl(v) || /^\/[^\s]*$/.test(v), 'URL do arquivo de vídeo inválida')
      .nullable(),
  )
  .optional();

const Orientation = z
  .preprocess((v) => (v === null || v === '' ? undefined : v), z.enum(VIDEO_ORIENTATIONS, { error: 'Orientação de vídeo inválida' }))
  .optional();

/** POST /api/admin/courses (spec 7.3). Omitted is_published means published (spec section 4). */
export const CourseCreateBody = z.object({
  title: z.string({ error: 'Título é obrigatório' }).trim().min(1, 'Título é obrigatório').max(MAX_LINE, 'Título muito longo'),
  description: OptionalText(MAX_TEXT, 'Descrição muito longa', 'Descrição inválida'),
  course_category_id: CategoryRef,
  cover_image_url: OptionalHttpUrl('URL da imagem de capa inválida'),
  /** A hosted-video link or embed snippet. */
  video_url: OptionalText(MAX_TEXT, 'Código do vídeo muito longo', 'URL do vídeo inválida'),
  video_file_url: VideoFileUrl,
  video_orientation: Orientation,
  is_published: PublishedFlagInput.optional(),
});
export type CourseCreateBody = z.infer<typeof CourseCreateBody>;

/** PUT /api/admin/courses/{id}: absent fields keep their value. */
export const CourseUpdateBody = CourseCreateBody.partial();
export type CourseUpdateBody = z.infer<typeof CourseUpdateBody>;

/** PATCH /api/admin/courses/{id}/toggle-published; without is_published the flag is flipped. */
export const CourseTogglePublishedBody = z.object({ is_published: PublishedFlagInput.optional() });
export type CourseTogglePublishedBody = z.infer<typeof CourseTogglePublishedBody>;

export const YOUTUBE_INVALID = 'Link ou ID do YouTube inválido';
export const DURATION_INVALID = 'Duração inválida: informe os segundos ou o formato mm:ss';
export const DURATION_NEGATIVE = 'A duração não pode ser negativa';
export const DURATION_TOO_LONG = 'Duração muito longa (máximo 99:59:59)';

/** A YouTube id or link; the id is what is stored. Blank or null means "no video". */
const YouTubeVideo = z
  .unknown()
  .transform((v, ctx): string | null | undefined => {
    if (v === undefined) return undefined;
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const id = typeof v === 'string' && v.length <= 4096 ? parseYouTubeId(v) : null;
    if (!id) {
      ctx.addIssue({ code: 'custom', message: YOUTUBE_INVALID });
      return z.NEVER;
    }
    return id;
  })
  .optional();

/** Seconds as an integer ≥ 0, or 'mm:ss' / 'h:mm:ss'. */
const Duration = z
  .unknown()
  .transform((v, ctx): number | undefined => {
    if (v === undefined) return undefined;
    if (v === null || (typeof v === 'string' && v.trim() === '')) return 0;
    const seconds = typeof v === 'number' || (typeof v === 'string' && v.length <= 32) ? parseDuration(v) : null;
    const message =
      seconds === null ? DURATION_INVALID : seconds < 0 ? DURATION_NEGATIVE : seconds > MAX_LESSON_SECONDS ? DURATION_TOO_LONG : null;
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return seconds!;
  })
  .optional();

const Position = z
  .number({ error: 'Posição inválida' })
  .int('Posição inválida')
  .min(1, 'Posição inválida')
  .max(100_000, 'Posição inválida')
  .optional();

/** POST /api/admin/courses/{id}/lessons. Without a position the lesson goes last. */
export const LessonCreateBody = z.object({
  title: z.string({ error: 'Título é obrigatório' }).trim().min(1, 'Título é obrigatório').max(MAX_LINE, 'Título muito longo'),
  description: OptionalText(MAX_TEXT, 'Descrição muito longa', 'Descrição inválida'),
  youtube_video_id: YouTubeVideo,
  /** The address the upload answered (`/api/files/videos/…`) or an http(s) link; blank or null means none. */
  video_file_url: VideoFileUrl,
  duration_seconds: Duration,
  /** 1 = first; later lessons move down. */
  position: Position,
});
export type LessonCreateBody = z.infer<typeof LessonCreateBody>;

/** PUT /api/admin/lessons/{id}: absent fields keep their value. */
export const LessonUpdateBody = LessonCreateBody.partial();
export type LessonUpdateBody = z.infer<typeof LessonUpdateBody>;

/** PUT /api/admin/courses/{id}/lessons/order: every lesson of the course, once, in the new order. */
export const LessonOrderBody = z.object({
  lesson_ids: z
    .array(z.number({ error: 'lesson_ids deve ser uma lista de ids de aulas' }).int('lesson_ids deve ser uma lista de ids de aulas').positive('lesson_ids deve ser uma lista de ids de aulas'), {
      error: 'lesson_ids deve ser uma lista de ids de aulas',
    })
    .max(5000, 'Aulas demais'),
});
export type LessonOrderBody = z.infer<typeof LessonOrderBody>;

const FilterText = z.string({ error: 'Filtro inválido' }).trim().max(MAX_LINE, 'Filtro muito longo').optional();

/** GET /api/course-categories-with-stats and GET /api/admin/course-categories. */
export const CourseCategoryListQuery = z.object({ search: z.string({ error: 'Busca inválida' }).trim().max(MAX_LINE, 'Busca muito longa').optional() });
export type CourseCategoryListQuery = z.infer<typeof CourseCategoryListQuery>;

/** GET /api/courses and GET /api/admin/courses: category is a slug or an id. */
export const CourseListQuery = z.object({
  category: FilterText,
  search: z.string({ error: 'Busca inválida' }).trim().max(MAX_LINE, 'Busca muito longa').optional(),
});
export type CourseListQuery = z.infer<typeof CourseListQuery>;
