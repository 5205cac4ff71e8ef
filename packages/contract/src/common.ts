import { z } from 'zod';

/** Every error answer of the API has this shape. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Upper bound for free-text fields, so an over-long string is a 400, not a database error. */
export const MAX_TEXT = 10_000;
export const MAX_LINE = 255;

export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'canceled', 'expired'] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const SUBSCRIPTION_PLANS = ['monthly', 'annual'] as const;
export const SubscriptionPlan = z.enum(SUBSCRIPTION_PLANS);
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

export const VIDEO_ORIENTATIONS = ['horizontal', 'vertical'] as const;
export const VideoOrientation = z.enum(VIDEO_ORIENTATIONS);
export type VideoOrientation = z.infer<typeof VideoOrientation>;

/** Publication flag as the spec sends it: 0 or 1 (booleans are accepted and normalised). */
export const PublishedFlag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0));

/** A positive integer id taken from a path segment or a JSON field. */
export const IdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** ISO 8601 date-time string, as every date of the API is sent. */
export const IsoDate = z.string();

/** Optional nullable integer reference (category_id and friends): number, numeric string, '' or null. */
export const OptionalRef = z
  .union([z.number().int().positive().max(2_147_483_647), z.string().regex(/^\d*$/), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : Number(v)));

/** Slug rule of spec section 5. */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const Slug = z
  .string()
  .trim()
  .min(1, 'Slug é obrigatório')
  .max(MAX_LINE, 'Slug muito longo')
  .regex(SLUG_RE, 'Apenas letras minúsculas, números e hífens');

/** The slug generation rule of spec section 5, shared by the forms and the server. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/** Optional search text from a query string. */
export const SearchQuery = z.string().trim().max(MAX_LINE, 'Busca muito longa').optional();

export const HttpUrl = z
  .string()
  .trim()
  .max(2048, 'URL muito longa')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'URL inválida');
