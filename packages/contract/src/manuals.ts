import { z } from 'zod';

/** Manual types with their Portuguese labels (spec section 3). */
export const MANUAL_TYPES = {
  user_manual: 'Manual do Usuário',
  installation: 'Manual de Instalação',
  service: 'Manual de Serviço',
  parts: 'Catálogo de Peças',
  troubleshooting: 'Solução de Problemas',
  technical: 'Especificações Técnicas',
} as const;
export type ManualType = keyof typeof MANUAL_TYPES;
export const ManualTypeSchema = z.enum(Object.keys(MANUAL_TYPES) as [ManualType, ...ManualType[]]);

export const Manual = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  manufacturer_id: z.number(),
  manufacturer_name: z.string(),
  manufacturer_logo: z.string().nullable(),
  model_id: z.number(),
  model_name: z.string(),
  manual_type: ManualTypeSchema,
  file_url: z.string().nullable(),
  file_size: z.number().nullable(),
  external_url: z.string().nullable(),
  is_published: z.union([z.literal(0), z.literal(1)]),
  download_count: z.number(),
  created_at: z.string(),
});
export type Manual = z.infer<typeof Manual>;

export const Manufacturer = z.object({ id: z.number(), name: z.string(), slug: z.string(), logo_url: z.string().nullable() });
export type Manufacturer = z.infer<typeof Manufacturer>;

export const Model = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export type Model = z.infer<typeof Model>;

export const MAX_PDF_BYTES = 100 * 1024 * 1024;
