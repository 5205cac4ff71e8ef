import { zodResolver } from '@hookform/resolvers/zod';
import { MANUAL_MESSAGES, MANUAL_TYPES, ManualCreateBody, ManualUpdateBody, type Manual, type ManualType } from '@clima/contract/manuals';
import { useCallback, useLayoutEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { inputStyles, labelStyles } from '@clima/web-kit/button';
import { DialogForm, FormDialog, PublishingNote } from '../../../shared/ui/form-dialog';
import { manualErrorText } from '../api/manuals-api';
import { useSaveManual } from '../hooks/use-admin-manuals';
import { ManualErrorDialog } from './manual-result-dialogs';
import { PdfUploadField } from './pdf-upload-field';

const f = messages.manuals.form;

interface Values {
  manufacturer_name: string;
  model_name: string;
  title: string;
  description: string;
  manual_type: ManualType;
  file_url: string;
  is_published: boolean;
}

const EMPTY: Values = { manufacturer_name: '', model_name: '', title: '', description: '', manual_type: 'user_manual', file_url: '', is_published: true };

const createResolver = zodResolver(ManualCreateBody) as unknown as Resolver<Values>;
const updateResolver = zodResolver(ManualUpdateBody) as unknown as Resolver<Values>;

const FIELD_ORDER: (keyof Values)[] = ['manufacturer_name', 'model_name', 'title', 'description', 'manual_type', 'file_url', 'is_published'];
const firstError = (errors: FieldErrors<Values>) => FIELD_ORDER.map((k) => errors[k]?.message).find(Boolean);

function Required() {
  return (
    <span className="text-red-600" title={f.required}>
      {' '}*
    </span>
  );
}

/**
 * Create ('new') or edit a manual (spec section 5, manual form). On edit, manufacturer and model are
 * shown read-only and only the fields of the edit body are sent.
 */
export function ManualFormDialog({ target, onClose, onSaved }: { target: Manual | 'new' | null; onClose: () => void; onSaved: (manual: Manual) => void }) {
  const save = useSaveManual();
  const editing = target !== null && target !== 'new' ? target : null;
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const savingRef = useRef(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadKey, setUploadKey] = useState(0);
  const ids = {
    manufacturer: useId(),
    model: useId(),
    title: useId(),
    description: useId(),
    type: useId(),
    fileUrl: useId(),
    fileHint: useId(),
    fixedHint: useId(),
    published: useId(),
  };

  const { register, handleSubmit, reset, setValue, getValues, watch, formState } = useForm<Values>({
    defaultValues: EMPTY,
    resolver: async (values, ctx, opts) => {
      const current = editingRef.current;
      const result = await (current ? updateResolver : createResolver)(values, ctx, opts);
      // The file is required (spec 5); a manual that also has an external link may go without one.
      if (current && !current.external_url && values.file_url.trim() === '' && !result.errors.file_url) {
        return { values: {}, errors: { ...result.errors, file_url: { type: 'required', message: MANUAL_MESSAGES.requiredFields } } };
      }
      return result;
    },
  });

  // before the opened dialog is painted: what is typed into it at once is not wiped by the reset
  useLayoutEffect(() => {
    if (target === null) return;
    reset(
      target === 'new'
        ? EMPTY
        : {
            manufacturer_name: target.manufacturer_name,
            model_name: target.model_name,
            title: target.title,
            description: target.description ?? '',
            manual_type: target.manual_type,
            file_url: target.file_url ?? '',
            is_published: target.is_published === 1,
          },
    );
    setErrorText(null);
    setUploadKey((k) => k + 1);
    savingRef.current = false;
  }, [target, reset]);

  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const onValid = async () => {
    // a second submission while saving is ignored (spec section 5)
    if (savingRef.current) return;
    savingRef.current = true;
    const v = getValues();
    const common = {
      title: v.title.trim(),
      description: v.description.trim() || null,
      manual_type: v.manual_type,
      is_published: (v.is_published ? 1 : 0) as 0 | 1,
    };
    try {
      let saved: Manual;
      if (editing) {
        saved = await save.mutateAsync({
          kind: 'update',
          id: editing.id,
          body: { ...common, manufacturer_id: editing.manufacturer_id, model_id: editing.model_id, file_url: v.file_url.trim() || null },
        });
      } else {
        saved = await save.mutateAsync({
          kind: 'create',
          body: { ...common, manufacturer_name: v.manufacturer_name.trim(), model_name: v.model_name.trim(), file_url: v.file_url.trim() },
        });
      }
      onClose();
      onSaved(saved);
    } catch (err) {
      setErrorText(manualErrorText(err));
    } finally {
      savingRef.current = false;
    }
  };

  const busy = save.isPending;
  const fieldError = firstError(formState.errors);
  const published = watch('is_published');
  const invalid = (k: keyof Values) => Boolean(formState.errors[k]);

  return (
    <>
      <FormDialog open={target !== null && errorText === null} onClose={onClose} title={editing ? f.editTitle : f.createTitle} pending={busy} size="lg">
        <DialogForm
          onSubmit={handleSubmit(onValid)}
          onCancel={onClose}
          pending={busy}
          busy={uploading}
          submitLabel={editing ? f.submitEdit : f.submitCreate}
          pendingLabel={f.saving}
          error={fieldError}
          publishing={<PublishingNote>{messages.publishing.manual(Boolean(published))}</PublishingNote>}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={ids.manufacturer} className={labelStyles}>
                {f.manufacturer}
                <Required />
              </label>
              <input
                id={ids.manufacturer}
                autoComplete="off"
                readOnly={editing !== null}
                placeholder={f.manufacturerPlaceholder}
                aria-invalid={invalid('manufacturer_name')}
                aria-describedby={editing ? ids.fixedHint : undefined}
                className={inputStyles}
                {...register('manufacturer_name')}
              />
            </div>
            <div>
              <label htmlFor={ids.model} className={labelStyles}>
                {f.model}
                <Required />
              </label>
              <input
                id={ids.model}
                autoComplete="off"
                readOnly={editing !== null}
                placeholder={f.modelPlaceholder}
                aria-invalid={invalid('model_name')}
                aria-describedby={editing ? ids.fixedHint : undefined}
                className={inputStyles}
                {...register('model_name')}
              />
            </div>
            {editing && (
              <p id={ids.fixedHint} className="-mt-2 text-xs text-slate-500 sm:col-span-2">
                {f.fixedHint}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={ids.title} className={labelStyles}>
              {f.title}
              <Required />
            </label>
            <input id={ids.title} autoComplete="off" placeholder={f.titlePlaceholder} aria-invalid={invalid('title')} className={inputStyles} {...register('title')} />
          </div>
          <div>
            <label htmlFor={ids.description} className={labelStyles}>
              {f.description}
            </label>
            <textarea id={ids.description} rows={3} aria-invalid={invalid('description')} className={`${inputStyles} resize-y`} {...register('description')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={ids.type} className={labelStyles}>
                {f.type}
              </label>
              <select id={ids.type} className={inputStyles} {...register('manual_type')}>
                {Object.entries(MANUAL_TYPES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <label htmlFor={ids.published} className="flex items-start gap-3 rounded-xl border border-slate-200 px-3.5 py-2.5 sm:mt-7">
              <input id={ids.published} type="checkbox" className="mt-0.5 size-4 accent-sky-600" {...register('is_published')} />
              <span>
                <span className="block text-sm font-medium text-slate-800">{f.isPublished}</span>
                <span className="block text-xs text-slate-500">{f.isPublishedHint}</span>
              </span>
            </label>
          </div>
          <div>
            <label htmlFor={ids.fileUrl} className={labelStyles}>
              {f.fileUrl}
              {!editing?.external_url && <Required />}
            </label>
            <input
              id={ids.fileUrl}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              aria-invalid={invalid('file_url')}
              aria-describedby={ids.fileHint}
              className={inputStyles}
              {...register('file_url')}
            />
            <p id={ids.fileHint} className="mt-1.5 text-xs text-slate-500">
              {f.fileUrlHint}
              {editing?.external_url ? ` ${f.externalHint(editing.external_url)}` : ''}
            </p>
          </div>
          <PdfUploadField
            key={uploadKey}
            onBusyChange={onBusyChange}
            onUploaded={(answer) => setValue('file_url', answer.url, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          />
        </DialogForm>
      </FormDialog>
      <ManualErrorDialog message={errorText} onClose={() => setErrorText(null)} />
    </>
  );
}
