import { z } from 'zod';
import { MANUAL_FILE_PREFIX, MANUAL_TYPES, type ManualType } from './manual-types';

export { MANUAL_FILE_PREFIX, MANUAL_TYPES, type ManualType };
export const ManualTypeSchema = z.enum(Object.keys(MANUAL_TYPES) as [ManualType, ...ManualType[]]);

/**
 * Where the text of a manual's PDF stands: `pending` (waiting for the indexing job), `indexed` (searchable),
 * `no_text` (the PDF holds no extractable text, e.g. scanned pages), `failed` (the PDF could not be read);
 * null when the manual has no stored PDF (an external link).
 */
export const MANUAL_TEXT_STATUSES = ['pending', 'indexed', 'no_text', 'failed'] as const;
export const ManualTextStatus = z.enum(MANUAL_TEXT_STATUSES);
export type ManualTextStatus = z.infer<typeof ManualTextStatus>;

/**
 * Why a manual's PDF could not be read (`text_error`, shown in the admin list beside 'Falha ao ler o PDF').
 * The caps are per file, in the process that reads it (the manuals worker's child process).
 */
export const MANUAL_TEXT_ERRORS = {
  unreadable: 'Arquivo danificado, protegido por senha ou que não é um PDF',
  missing: 'O arquivo não está no armazenamento',
  expanded: (mb: number) => `Conteúdo descompactado acima do limite de ${mb} MB (possível PDF-bomba)`,
  memory: (mb: number) => `A leitura passou do limite de memória de ${mb} MB`,
  time: (seconds: number) => `A leitura passou do tempo limite de ${seconds} s`,
  crashed: 'O leitor de PDF parou inesperadamente',
  retries: 'Erro ao ler o PDF (armazenamento ou banco de dados indisponível); tentativas esgotadas',
} as const;

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
  text_status: ManualTextStatus.nullable(),
  /** Pages of the stored PDF, once read; null before (or without a PDF). */
  page_count: z.number().nullable(),
  /** Pages whose text was read by OCR (scanned pages, no text layer); null before the text is read. */
  ocr_pages: z.number().nullable(),
  /** Why the PDF could not be read (text_status `failed`), in Portuguese; null otherwise. */
  text_error: z.string().nullable(),
});
export type Manual = z.infer<typeof Manual>;

export const Manufacturer = z.object({ id: z.number(), name: z.string(), slug: z.string(), logo_url: z.string().nullable() });
export type Manufacturer = z.infer<typeof Manufacturer>;

export const Model = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export type Model = z.infer<typeof Model>;

export const MAX_PDF_BYTES = 100 * 1024 * 1024;

/** Texts of the manuals domain that the server sends and the web forms show (spec sections 5 and 8). */
export const MANUAL_MESSAGES = {
  requiredFields: 'Por favor, preencha todos os campos obrigatórios',
  invalidFileUrl: 'URL do arquivo inválida: informe um link direto http(s) para o PDF ou envie o arquivo',
  invalidLogoUrl: 'URL do logotipo inválida',
  invalidType: 'Tipo de manual inválido',
  invalidPublished: 'Status de publicação inválido (use 0 ou 1)',
  invalidReference: 'Identificador inválido',
  titleTooLong: 'Título muito longo (máximo de 255 caracteres)',
  descriptionTooLong: 'Descrição muito longa',
  nameTooLong: 'Nome muito longo (máximo de 120 caracteres)',
  fixedManufacturerModel: 'O fabricante e o modelo não podem ser alterados ao editar um manual',
  nothingToUpdate: 'Nenhum campo para atualizar',
  notFound: 'Manual não encontrado',
  fileNotFound: 'Arquivo não encontrado',
  uploadedFileMissing: 'O arquivo enviado não foi encontrado. Envie o PDF novamente.',
  notPdf: 'Por favor, selecione apenas arquivos PDF',
  tooLarge: (limit: string) => `O arquivo é muito grande. Tamanho máximo: ${limit}`,
  malformedUpload: 'Envie o PDF como multipart/form-data no campo "file"',
  noFile: 'Nenhum arquivo enviado (campo "file")',
  searchRequired: 'Informe o código ou termo a buscar.',
  searchTooLong: 'A busca deve ter no máximo 100 caracteres.',
  searchInvalid: 'Busca inválida',
} as const;

/** Upper bounds of the manuals fields (the database columns have the same sizes). */
export const MANUAL_LIMITS = { title: 255, name: 120, description: 10_000, url: 2048 } as const;

export const MANUAL_FILE_NAME_RE = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9]+)?$/;

/** True for an http(s) URL or an address returned by the PDF upload. */
export function isManualFileUrl(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(v)) return false;
  if (v.startsWith(MANUAL_FILE_PREFIX)) {
    const name = v.slice(MANUAL_FILE_PREFIX.length);
    return MANUAL_FILE_NAME_RE.test(name) && !name.includes('..');
  }
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** Postgres text cannot hold NUL; such input is refused with a clear message instead of a database error. */
const noNul = (v: string) => !v.includes('\u0000');
const NUL_MESSAGE = 'O texto contém caracteres inválidos';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A required text: missing, null or blank gives the form's one message. */
const requiredText = (max: number, tooLong: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: MANUAL_MESSAGES.requiredFields }).trim().max(max, tooLong).refine(noNul, NUL_MESSAGE),
  );

const FileUrl = z
  .string({ error: MANUAL_MESSAGES.invalidFileUrl })
  .trim()
  .max(MANUAL_LIMITS.url, MANUAL_MESSAGES.invalidFileUrl)
  .refine(isManualFileUrl, MANUAL_MESSAGES.invalidFileUrl);

const Description = z.preprocess(
  blankToNull,
  z.string({ error: 'Descrição inválida' }).trim().max(MANUAL_LIMITS.description, MANUAL_MESSAGES.descriptionTooLong).refine(noNul, NUL_MESSAGE).nullable().optional(),
);

const TypeField = z.preprocess(blankToUndefined, z.enum(Object.keys(MANUAL_TYPES) as [ManualType, ...ManualType[]], { error: MANUAL_MESSAGES.invalidType }));

const PublishedField = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.literal('0'), z.literal('1')], { error: MANUAL_MESSAGES.invalidPublished })
  .transform((v): 0 | 1 => (v === true || v === 1 || v === '1' ? 1 : 0));

const RefField = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  z.number({ error: MANUAL_MESSAGES.invalidReference }).int(MANUAL_MESSAGES.invalidReference).positive(MANUAL_MESSAGES.invalidReference).max(2_147_483_647, MANUAL_MESSAGES.invalidReference).optional(),
);

/** POST /api/admin/manuals (spec 7.3). Manufacturer and model are found or created from their names. */
export const ManualCreateBody = z.object({
  title: requiredText(MANUAL_LIMITS.title, MANUAL_MESSAGES.titleTooLong),
  manufacturer_name: requiredText(MANUAL_LIMITS.name, MANUAL_MESSAGES.nameTooLong),
  model_name: requiredText(MANUAL_LIMITS.name, MANUAL_MESSAGES.nameTooLong),
  file_url: z.preprocess(blankToUndefined, z.string({ error: MANUAL_MESSAGES.requiredFields }).pipe(FileUrl)),
  description: Description,
  /** Sent as null by the form; when given, becomes the logo of a manufacturer that has none. */
  manufacturer_logo: z.preprocess(
    blankToNull,
    z.string({ error: MANUAL_MESSAGES.invalidLogoUrl }).trim().max(MANUAL_LIMITS.url, MANUAL_MESSAGES.invalidLogoUrl)
      .refine((v) => isManualFileUrl(v) && !v.startsWith(MANUAL_FILE_PREFIX), MANUAL_MESSAGES.invalidLogoUrl).nullable().optional(),
  ),
  /** Optional in the body; a manual without a type is a user manual. */
  manual_type: TypeField.optional().transform((v) => v ?? 'user_manual'),
  /** A new manual is published unless the form says otherwise (spec section 4). */
  is_published: z.preprocess((v) => (v === null ? undefined : v), PublishedField.optional()).transform((v) => v ?? 1),
});
export type ManualCreateBody = z.infer<typeof ManualCreateBody>;

/**
 * PUT /api/admin/manuals/{id}: only the fields of spec section 5 are taken, each optional, so that
 * `{ is_published }` alone is the publish toggle. manufacturer_id and model_id may be sent but must be
 * the manual's own (they cannot change).
 */
export const ManualUpdateBody = z.object({
  title: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: MANUAL_MESSAGES.requiredFields }).trim().max(MANUAL_LIMITS.title, MANUAL_MESSAGES.titleTooLong).refine(noNul, NUL_MESSAGE).optional(),
  ),
  description: Description,
  manufacturer_id: RefField,
  model_id: RefField,
  manual_type: TypeField.optional(),
  /** null or blank clears the file address (allowed only while the manual has an external link). */
  file_url: z.preprocess(blankToNull, FileUrl.nullable().optional()),
  is_published: PublishedField.optional(),
});
export type ManualUpdateBody = z.infer<typeof ManualUpdateBody>;

/** A filter value: id, slug or name. */
const FilterText = z.preprocess(blankToUndefined, z.string({ error: 'Filtro inválido' }).trim().max(MANUAL_LIMITS.name * 2, 'Filtro muito longo').refine(noNul, NUL_MESSAGE).optional());
const TypeFilter = z.preprocess(
  (v) => (v === '' || v === 'all' ? undefined : v),
  z.enum(Object.keys(MANUAL_TYPES) as [ManualType, ...ManualType[]], { error: MANUAL_MESSAGES.invalidType }).optional(),
);
const SearchText = z.preprocess(blankToUndefined, z.string({ error: 'Busca inválida' }).trim().max(255, 'Busca muito longa').refine(noNul, NUL_MESSAGE).optional());

/** GET /api/manuals?search=&manufacturer=&model=&type= — manufacturer and model take an id, a slug or a name. */
export const ManualsQuery = z.object({ search: SearchText, manufacturer: FilterText, model: FilterText, type: TypeFilter });
export type ManualsQuery = z.infer<typeof ManualsQuery>;

/** GET /api/admin/manuals?search&type */
export const AdminManualsQuery = z.object({ search: SearchText, type: TypeFilter });
export type AdminManualsQuery = z.infer<typeof AdminManualsQuery>;

/** GET /api/models?manufacturer={id|slug|name} */
export const ModelsQuery = z.object({ manufacturer: FilterText });
export type ModelsQuery = z.infer<typeof ModelsQuery>;

/** Bounds of the search inside the manuals. */
export const MANUAL_SEARCH_LIMITS = { query: 100, manuals: 20, hitsPerManual: 5 } as const;

/** GET /api/manuals/search?q=&manufacturer=&model= — manufacturer and model as in GET /api/manuals. */
export const ManualSearchQuery = z.object({
  q: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: MANUAL_MESSAGES.searchInvalid })
      .trim()
      .min(1, MANUAL_MESSAGES.searchRequired)
      .max(MANUAL_SEARCH_LIMITS.query, MANUAL_MESSAGES.searchTooLong)
      .refine(noNul, NUL_MESSAGE),
  ),
  manufacturer: FilterText,
  model: FilterText,
});
export type ManualSearchQuery = z.infer<typeof ManualSearchQuery>;

/**
 * One page where the query was found. `marks` are [start, end) UTF-16 offsets of the matched text in
 * `snippet` (plain text, never HTML). For a caller without an active subscription `snippet` is null and
 * `marks` empty: the page number stays.
 */
export const ManualSearchHit = z.object({
  page: z.number(),
  snippet: z.string().nullable(),
  marks: z.array(z.tuple([z.number(), z.number()])),
});
export type ManualSearchHit = z.infer<typeof ManualSearchHit>;

export const ManualSearchResult = z.object({ manual: Manual, hits: z.array(ManualSearchHit) });
export type ManualSearchResult = z.infer<typeof ManualSearchResult>;

/** Manuals best first, each with its best pages first (at most 20 manuals, 5 pages each). */
export const ManualSearchAnswer = z.object({ query: z.string(), locked: z.boolean(), results: z.array(ManualSearchResult) });
export type ManualSearchAnswer = z.infer<typeof ManualSearchAnswer>;

/**
 * A word OCR read on a scanned page, where it found it: `x`, `y` (top left), `w`, `h` as fractions of the
 * page's width and height (0–1, from the top left corner); `eol` when it ends a line. The page's `text` is
 * its words joined by a space, a line break after each `eol`.
 */
export const OcrWord = z.object({ text: z.string(), x: z.number(), y: z.number(), w: z.number(), h: z.number(), eol: z.boolean() });
export type OcrWord = z.infer<typeof OcrWord>;

/** GET /api/manuals/{id}/pages: the plain text of every page (page 1 first), for the offline search. */
export const ManualPagesAnswer = z.object({
  manual_id: z.number(),
  text_status: ManualTextStatus.nullable(),
  page_count: z.number().nullable(),
  pages: z.array(z.object({ page: z.number(), text: z.string(), words: z.array(OcrWord).optional() })),
});
export type ManualPagesAnswer = z.infer<typeof ManualPagesAnswer>;

/** POST /api/manuals/{id}/download: `url` is the address to open (file_url, else external_url). */
export const ManualDownloadAnswer = z.object({
  url: z.string(),
  file_url: z.string().nullable(),
  external_url: z.string().nullable(),
  filename: z.string(),
});
export type ManualDownloadAnswer = z.infer<typeof ManualDownloadAnswer>;

/** POST /api/admin/upload-manual (multipart field `file`): the address to use as file_url. */
export const ManualUploadAnswer = z.object({ url: z.string(), file_size: z.number() });
export type ManualUploadAnswer = z.infer<typeof ManualUploadAnswer>;

/** Figures of the manuals service for the admin dashboard. */
export const ManualsStats = z.object({ totalManuals: z.number(), totalManufacturers: z.number(), totalDownloads: z.number() });
export type ManualsStats = z.infer<typeof ManualsStats>;
