import { ContentBody, type Content } from '@clima/contract/catalog';
import { VideoOrientation } from '@clima/contract/common';
import { z } from 'zod';

/** Where the video comes from: an embed code or link ('url') or an uploaded file ('file'). */
export type VideoSourceMode = 'url' | 'file';

/** The form as the admin fills it in: tags as comma-separated text, category as the select's value. */
export const ContentFormValues = z.object({
  title: z.string(),
  description: z.string(),
  category_id: z.string(),
  tags: z.string(),
  mode: z.enum(['url', 'file']),
  video_url: z.string(),
  video_file_url: z.string(),
  video_orientation: VideoOrientation,
  is_published: z.boolean(),
});
export type ContentFormValues = z.infer<typeof ContentFormValues>;

/** 'a, b,, c ' → '["a","b","c"]' (spec section 5). */
export const tagsToJson = (text: string) =>
  JSON.stringify(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );

/** Tags of a content as the form shows them: 'a, b, c'. */
export function tagsToText(tags: string | null | undefined): string {
  try {
    const list: unknown = JSON.parse(tags ?? '[]');
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string').join(', ') : '';
  } catch {
    return '';
  }
}

/** The request body: only the chosen video source is sent, the other one is null (spec section 4). */
export function toContentInput(values: ContentFormValues) {
  return {
    title: values.title,
    description: values.description.trim() || null,
    category_id: values.category_id ? Number(values.category_id) : null,
    tags: tagsToJson(values.tags),
    video_url: values.mode === 'url' ? values.video_url.trim() || null : null,
    video_file_url: values.mode === 'file' ? values.video_file_url || null : null,
    video_orientation: values.video_orientation,
    is_published: values.is_published ? (1 as const) : (0 as const),
  };
}

/** The form's schema: its values become the body and are checked by the contract's own ContentBody. */
export const ContentFormSchema = ContentFormValues.transform((values, ctx) => {
  const body = ContentBody.safeParse(toContentInput(values));
  if (body.success) return body.data;
  for (const issue of body.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

export const emptyContentForm: ContentFormValues = {
  title: '',
  description: '',
  category_id: '',
  tags: '',
  mode: 'url',
  video_url: '',
  video_file_url: '',
  video_orientation: 'horizontal',
  is_published: false,
};

/** Editing starts in file mode when the content has an uploaded file (spec section 4). */
export function contentToForm(content: Content): ContentFormValues {
  return {
    title: content.title,
    description: content.description ?? '',
    category_id: content.category_id === null ? '' : String(content.category_id),
    tags: tagsToText(content.tags),
    mode: content.video_file_url ? 'file' : 'url',
    video_url: content.video_url ?? '',
    video_file_url: content.video_file_url ?? '',
    video_orientation: content.video_orientation,
    is_published: content.is_published === 1,
  };
}
