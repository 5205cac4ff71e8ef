import type { Content, ContentCategory } from '@clima/contract/catalog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { Alert } from '@clima/web-kit/alert';
import { inputStyles, labelStyles } from '@clima/web-kit/button';
import type { ContentInput } from '../api/contents-api';
import { ContentRequestError } from '../api/contents-api';
import { useSaveContent } from '../hooks/use-admin-contents';
import { useVideoUpload } from '../../../shared/hooks/use-video-upload';
import { ContentErrorDialog, type ContentFailure } from './content-dialogs';
import { ContentFormSchema, contentToForm, emptyContentForm, type ContentFormValues } from './content-form-schema';
import { DialogForm, FormDialog, PublishingNote } from '../../../shared/ui/form-dialog';
import { VideoSourceField } from './video-source-field';

const m = messages.contents;
const resolver = zodResolver(ContentFormSchema) as unknown as Resolver<ContentFormValues, unknown, ContentInput>;

export type ContentFormTarget = Content | 'new' | null;

/**
 * Create or edit a content (spec section 5). A failed save opens the error dialog of spec section 8;
 * 'Tentar Novamente' brings the form back with everything typed still there.
 */
export function ContentFormDialog({
  target,
  categories,
  onClose,
  onSaved,
}: {
  target: ContentFormTarget;
  categories: ContentCategory[];
  onClose: () => void;
  onSaved: (saved: { kind: 'created' | 'updated'; content: Content }) => void;
}) {
  const save = useSaveContent();
  const editing = target !== null && target !== 'new' ? target : null;
  const [failure, setFailure] = useState<ContentFailure | null>(null);
  const ids = { title: useId(), description: useId(), category: useId(), tags: useId(), tagsHint: useId(), published: useId(), publishedLabel: useId(), publishedHint: useId() };
  const { register, handleSubmit, reset, watch, setValue, formState } = useForm<ContentFormValues, unknown, ContentInput>({
    defaultValues: emptyContentForm,
    resolver,
  });
  const upload = useVideoUpload((url) => {
    setValue('video_file_url', url, { shouldDirty: true });
    // Uploading a file clears the embed code (spec section 4).
    setValue('video_url', '', { shouldDirty: true });
  });
  const { reset: resetUpload } = upload;

  // before the opened dialog is painted: what is typed into it at once is not wiped by the reset
  useLayoutEffect(() => {
    if (target === null) return;
    reset(target === 'new' ? emptyContentForm : contentToForm(target));
    resetUpload();
    setFailure(null);
  }, [target, reset, resetUpload]);

  const close = () => {
    if (save.isPending) return;
    upload.cancel();
    onClose();
  };

  const onValid = async (body: ContentInput) => {
    try {
      const content = await save.mutateAsync({ id: editing?.id ?? null, body });
      onSaved({ kind: editing ? 'updated' : 'created', content });
    } catch (err) {
      setFailure({
        title: editing ? m.errorUpdateTitle : m.errorCreateTitle,
        text: editing ? m.errorUpdateText : m.errorCreateText,
        message: err instanceof ContentRequestError ? err.message : editing ? m.updateFailed : m.createFailed,
        tip: true,
      });
    }
  };

  const mode = watch('mode');
  const videoUrl = watch('video_url');
  const fileUrl = watch('video_file_url');
  const published = watch('is_published');
  const errors = formState.errors;

  return (
    <>
      <FormDialog open={target !== null && failure === null} onClose={close} title={editing ? m.editTitle : m.createTitle} pending={save.isPending} size="lg">
        <DialogForm
          onSubmit={handleSubmit(onValid)}
          onCancel={close}
          pending={save.isPending}
          busy={upload.uploading}
          submitLabel={editing ? m.submitEdit : m.submitCreate}
          pendingLabel={m.saving}
          publishing={<PublishingNote>{messages.publishing.content(Boolean(published))}</PublishingNote>}
        >
          <div>
            <label htmlFor={ids.title} className={labelStyles}>
              {m.fieldTitle} <span className="text-red-600" aria-hidden>*</span>
            </label>
            <input id={ids.title} aria-required aria-invalid={Boolean(errors.title)} className={inputStyles} {...register('title')} />
            {errors.title?.message && <p className="mt-1.5 text-sm text-red-600">{errors.title.message}</p>}
          </div>
          <div>
            <label htmlFor={ids.description} className={labelStyles}>
              {m.fieldDescription}
            </label>
            <textarea id={ids.description} rows={3} aria-invalid={Boolean(errors.description)} className={inputStyles} {...register('description')} />
            {errors.description?.message && <p className="mt-1.5 text-sm text-red-600">{errors.description.message}</p>}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={ids.category} className={labelStyles}>
                {m.fieldCategory}
              </label>
              <select id={ids.category} aria-invalid={Boolean(errors.category_id)} className={inputStyles} {...register('category_id')}>
                <option value="">{m.noCategory}</option>
                {categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </select>
              {errors.category_id?.message && <p className="mt-1.5 text-sm text-red-600">{errors.category_id.message}</p>}
            </div>
            <div>
              <label htmlFor={ids.tags} className={labelStyles}>
                {m.fieldTags}
              </label>
              <input id={ids.tags} placeholder={m.tagsPlaceholder} aria-describedby={ids.tagsHint} aria-invalid={Boolean(errors.tags)} className={inputStyles} {...register('tags')} />
              <p id={ids.tagsHint} className={`mt-1.5 text-xs ${errors.tags ? 'text-red-600' : 'text-slate-500'}`}>
                {errors.tags?.message ?? m.tagsHint}
              </p>
            </div>
          </div>

          <VideoSourceField
            mode={mode}
            onModeChange={(next) => setValue('mode', next, { shouldDirty: true })}
            videoUrl={videoUrl}
            videoUrlField={register('video_url')}
            videoUrlError={errors.video_url?.message}
            fileUrl={fileUrl}
            onRemoveFile={() => {
              upload.reset();
              setValue('video_file_url', '', { shouldDirty: true });
            }}
            upload={upload}
          />
          {errors.video_url?.message && <Alert tone="error">{errors.video_url.message}</Alert>}
          {errors.video_file_url?.message && <Alert tone="error">{errors.video_file_url.message}</Alert>}

          <fieldset className="min-w-0">
            <legend className={labelStyles}>{m.orientation}</legend>
            <div className="grid grid-cols-2 gap-2">
              {(['horizontal', 'vertical'] as const).map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3.5 py-3 text-sm font-medium text-slate-700 has-[:checked]:border-sky-500 has-[:checked]:bg-sky-50 has-[:checked]:text-sky-800"
                >
                  <input type="radio" value={value} className="size-4 accent-sky-600" {...register('video_orientation')} />
                  <span className={`shrink-0 rounded border-2 border-current ${value === 'vertical' ? 'h-5 w-3' : 'h-3 w-5'}`} aria-hidden />
                  {value === 'vertical' ? m.verticalOption : m.horizontal}
                </label>
              ))}
            </div>
          </fieldset>

          {/* the whole row is the checkbox's label: one touch target, as in the other forms */}
          <label htmlFor={ids.published} className="flex cursor-pointer items-start gap-3 rounded-xl bg-slate-50 p-3.5 ring-1 ring-slate-200">
            <input
              id={ids.published}
              type="checkbox"
              aria-labelledby={ids.publishedLabel}
              aria-describedby={ids.publishedHint}
              className="mt-0.5 size-4 accent-sky-600"
              {...register('is_published')}
            />
            <span>
              <span id={ids.publishedLabel} className="block text-sm font-semibold text-slate-800">
                {m.publishedField}
              </span>
              <span id={ids.publishedHint} className="block text-xs text-slate-500">
                {m.publishedHint}
              </span>
            </span>
          </label>
        </DialogForm>
      </FormDialog>
      <ContentErrorDialog failure={failure} onClose={() => setFailure(null)} />
    </>
  );
}
