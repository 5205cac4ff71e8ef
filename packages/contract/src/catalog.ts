import { z } from 'zod';
import { MAX_LINE, SLUG_RE, VIDEO_ORIENTATIONS, VideoOrientation } from './common';

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

/**
 * GET /api/contents/:id/preview (issue 25): what a visitor or a non-subscriber sees of a published content
 * opened from a shared link, beneath 'Acesso Restrito': its words only, no video source, no view counted.
 */
export const ContentPreview = Content.pick({ id: true, title: true, description: true, category_name: true, tags: true, created_at: true });
export type ContentPreview = z.infer<typeof ContentPreview>;

/** GET /api/contents/continue: a content the user started and has not finished, most recent first. */
export const ContinueContent = z.object({ content: Content, position: z.number(), duration: z.number(), updated_at: z.string() });
export type ContinueContent = z.infer<typeof ContinueContent>;

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

/** Portuguese texts the catalog answers with (spec section 8 where the spec has one). */
export const CATALOG_MESSAGES = {
  contentNotFound: 'Conteúdo não encontrado',
  contentSignedOut: 'Você precisa estar logado para acessar este conteúdo',
  categoryNotFound: 'Categoria não encontrada',
  slugTaken: 'Já existe uma categoria com este slug',
  titleRequired: 'Título é obrigatório',
  nameRequired: 'Nome é obrigatório',
  slugRequired: 'Slug é obrigatório',
  slugFormat: 'Apenas letras minúsculas, números e hífens',
  tagsInvalid: 'Tags devem ser uma lista de textos (JSON)',
  videoUrlInvalid: 'O vídeo deve ser um link (http/https) ou um código de incorporação <iframe> válido',
  videoFileUrlInvalid: 'Endereço do arquivo de vídeo inválido',
  orientationInvalid: "Orientação do vídeo deve ser 'horizontal' ou 'vertical'",
  publishedInvalid: 'is_published deve ser 0 ou 1',
  videoWrongType: 'Por favor, selecione apenas arquivos de vídeo',
  videoMissing: 'Nenhum arquivo de vídeo enviado no campo "video"',
  videoMalformed: 'Envio do vídeo malformado ou incompleto. Tente novamente.',
  videoNotFound: 'Vídeo não encontrado',
  uploadFailed: 'Erro ao fazer upload do vídeo. Tente novamente.',
} as const;

/** 'O arquivo é muito grande. Tamanho máximo: 500MB' for the configured limit. */
export const videoTooLargeMessage = (maxBytes: number = MAX_VIDEO_BYTES) =>
  `O arquivo é muito grande. Tamanho máximo: ${Math.floor(maxBytes / (1024 * 1024)) || 1}MB`;

export const CONTENT_LIMITS = { title: 255, description: 10_000, videoUrl: 5000, fileUrl: 2048, tags: 30, tag: 60, name: 120, slug: 120 } as const;

/** Path of an uploaded video, as `video_file_url` holds it and `POST /api/admin/upload-video` answers. */
export const VIDEO_FILE_PREFIX = '/api/files/videos/';
export const VIDEO_FILE_NAME_RE = /^[0-9a-f]{32}\.(?:mp4|mov|webm|mkv)$/;

/**
 * The upload's file name in a `video_file_url` (`/api/files/videos/<name>`, also inside a full URL of the site),
 * or null when the address is not an uploaded video (an external link).
 */
export function uploadedVideoName(url: string | null | undefined): string | null {
  const m = /\/api\/files\/videos\/([0-9a-f]{32}\.(?:mp4|mov|webm|mkv))(?:[?#]|$)/.exec(url ?? '');
  return m ? m[1]! : null;
}

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !/[\s<>"']/.test(v);
  } catch {
    return false;
  }
}

/**
 * A `video_url` is a link (http/https) or an embed snippet made only of iframe tags with an http(s)
 * `src`, no event handlers and no script URLs. Anything else (a script tag, other HTML) is refused;
 * the players still embed only allowed hosts.
 */
export function isSafeVideoSource(value: string): boolean {
  const v = value.trim();
  if (!v.startsWith('<')) return isHttpUrl(v);
  if (!/^<iframe[\s>]/i.test(v)) return false;
  const tags = v.match(/<\s*\/?\s*([a-z0-9:-]+)/gi) ?? [];
  if (!tags.every((t) => /^<\s*\/?\s*iframe$/i.test(t))) return false;
  if (/[\s"'/]on[a-z]+\s*=/i.test(v) || /(?:javascript|vbscript|data)\s*:/i.test(v) || /srcdoc\s*=/i.test(v)) return false;
  const src = /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(v)?.[1];
  return !!src && isHttpUrl(src.startsWith('//') ? `https:${src}` : src);
}

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const Title = z
  .string({ error: CATALOG_MESSAGES.titleRequired })
  .trim()
  .min(1, CATALOG_MESSAGES.titleRequired)
  .max(CONTENT_LIMITS.title, `Título muito longo (máximo ${CONTENT_LIMITS.title} caracteres)`);

const Description = z.preprocess(
  emptyToNull,
  z.string({ error: 'Descrição inválida' }).max(CONTENT_LIMITS.description, 'Descrição muito longa').nullable(),
);

/** category_id: a number, a numeric string or null (spec 5: "sent as number or null"). */
const CategoryRef = z.unknown().transform((v, ctx): number | null => {
  if (v === null || v === '' || v === undefined) return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
    ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.categoryNotFound });
    return z.NEVER;
  }
  return n;
});

/** tags: text holding a JSON list of strings (an array is accepted too); normalised to JSON text. */
export const ContentTags = z.unknown().transform((v, ctx): string => {
  if (v === null || v === undefined || v === '') return '[]';
  let list: unknown = v;
  if (typeof v === 'string') {
    try {
      list = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.tagsInvalid });
      return z.NEVER;
    }
  }
  if (!Array.isArray(list) || !list.every((t) => typeof t === 'string')) {
    ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.tagsInvalid });
    return z.NEVER;
  }
  const tags = [...new Set((list as string[]).map((t) => t.trim()).filter(Boolean))];
  if (tags.length > CONTENT_LIMITS.tags || tags.some((t) => t.length > CONTENT_LIMITS.tag)) {
    ctx.addIssue({ code: 'custom', message: `No máximo ${CONTENT_LIMITS.tags} tags de até ${CONTENT_LIMITS.tag} caracteres` });
    return z.NEVER;
  }
  return JSON.stringify(tags);
});

const VideoUrl = z.preprocess(
  emptyToNull,
  z
    .string({ error: CATALOG_MESSAGES.videoUrlInvalid })
    .trim()
    .max(CONTENT_LIMITS.videoUrl, `Código do vídeo muito longo (máximo ${CONTENT_LIMITS.videoUrl} caracteres)`)
    .refine(isSafeVideoSource, CATALOG_MESSAGES.videoUrlInvalid)
    .nullable(),
);

const VideoFileUrl = z.preprocess(
  emptyToNull,
  z
    .string({ error: CATALOG_MESSAGES.videoFileUrlInvalid })
    .trim()
    .max(CONTENT_LIMITS.fileUrl, CATALOG_MESSAGES.videoFileUrlInvalid)
    .refine(
      (v) => (v.startsWith(VIDEO_FILE_PREFIX) ? VIDEO_FILE_NAME_RE.test(v.slice(VIDEO_FILE_PREFIX.length)) : isHttpUrl(v)),
      CATALOG_MESSAGES.videoFileUrlInvalid,
    )
    .nullable(),
);

/** is_published as the spec sends it (0 or 1); booleans and '0'/'1' are accepted. */
export const PublishedValue = z.unknown().transform((v, ctx): 0 | 1 => {
  if (v === 1 || v === true || v === '1') return 1;
  if (v === 0 || v === false || v === '0') return 0;
  ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.publishedInvalid });
  return z.NEVER;
});

/**
 * POST /api/admin/contents and PUT /api/admin/contents/{id} (spec 7.3). The title is required; on
 * update a field left out keeps its value, on create it takes the default (no category, no tags,
 * horizontal, draft).
 */
export const ContentBody = z.object({
  title: Title,
  description: Description.optional(),
  category_id: CategoryRef.optional(),
  tags: ContentTags.optional(),
  video_url: VideoUrl.optional(),
  video_file_url: VideoFileUrl.optional(),
  video_orientation: z.enum(VIDEO_ORIENTATIONS, { error: CATALOG_MESSAGES.orientationInvalid }).optional(),
  is_published: PublishedValue.optional(),
});
export type ContentBody = z.infer<typeof ContentBody>;

/** PATCH /api/admin/contents/{id}/toggle-published: the new value; without it the flag flips. */
export const TogglePublishedBody = z.object({ is_published: PublishedValue.optional() });
export type TogglePublishedBody = z.infer<typeof TogglePublishedBody>;

/** POST/PUT /api/admin/categories: name and slug (generated from the name when left blank), description. */
export const CategoryBody = z.object({
  name: z
    .string({ error: CATALOG_MESSAGES.nameRequired })
    .trim()
    .min(1, CATALOG_MESSAGES.nameRequired)
    .max(CONTENT_LIMITS.name, `Nome muito longo (máximo ${CONTENT_LIMITS.name} caracteres)`),
  slug: z.preprocess(
    emptyToNull,
    z
      .string({ error: CATALOG_MESSAGES.slugFormat })
      .trim()
      .max(CONTENT_LIMITS.slug, `Slug muito longo (máximo ${CONTENT_LIMITS.slug} caracteres)`)
      .regex(SLUG_RE, CATALOG_MESSAGES.slugFormat)
      .nullable()
      .optional(),
  ),
  description: Description.optional(),
});
export type CategoryBody = z.infer<typeof CategoryBody>;

const FilterText = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().max(MAX_LINE, 'Filtro muito longo').optional());

/** GET /api/contents and GET /api/admin/contents: category by slug, free-text search. */
export const ContentsQuery = z.object({ category: FilterText, search: FilterText });
export type ContentsQuery = z.infer<typeof ContentsQuery>;

/** GET /api/admin/categories?search. */
export const CategoriesQuery = z.object({ search: FilterText });
export type CategoriesQuery = z.infer<typeof CategoriesQuery>;

/**
 * POST /api/admin/upload-video answer: the file's address and its duration in seconds as read from the file
 * (null when it could not be read), which the lesson form takes instead of a typed one.
 */
export const VideoUploadAnswer = z.object({ url: z.string(), duration_seconds: z.number().nullable() });
export type VideoUploadAnswer = z.infer<typeof VideoUploadAnswer>;

/** The catalog's figures for the admin dashboard (asked over statsPattern('catalog')). */
export const CatalogStats = z.object({
  totalContents: z.number(),
  totalCategories: z.number(),
  totalViews: z.number(),
  /** The last 30 days in São Paulo time, oldest first, days without views included as 0. */
  viewsPerDay: z.array(z.object({ date: z.string(), views: z.number() })),
  /** The 5 most-watched contents. */
  popularContents: z.array(z.object({ id: z.number(), title: z.string(), views_count: z.number(), category_name: z.string().nullable() })),
});
export type CatalogStats = z.infer<typeof CatalogStats>;
