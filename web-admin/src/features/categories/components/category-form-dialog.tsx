import { CategoryBody, type ContentCategory } from '@clima/contract/catalog';
import { Slug, slugify } from '@clima/contract/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { Modal } from '@clima/web-kit/modal';
import type { CategoryInput } from '../api/categories-api';
import { useSaveCategory } from '../hooks/use-categories';

const m = messages.categories;

/** Name and slug required (spec section 5); the server's own rules from the contract, slug made mandatory. */
const CategoryForm = CategoryBody.extend({ slug: Slug });
type Values = { name: string; slug: string; description: string };
const resolver = zodResolver(CategoryForm) as unknown as Resolver<Values, unknown, CategoryInput>;

/** Create or edit a content category; while creating, the slug follows the name. */
export function CategoryFormDialog({ target, onClose }: { target: ContentCategory | 'new' | null; onClose: () => void }) {
  const save = useSaveCategory();
  const editing = target !== null && target !== 'new' ? target : null;
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = { name: useId(), slug: useId(), slugHint: useId(), description: useId() };
  const { register, handleSubmit, reset, setValue, formState } = useForm<Values, unknown, CategoryInput>({
    defaultValues: { name: '', slug: '', description: '' },
    resolver,
  });

  useEffect(() => {
    if (target === null) return;
    reset(target === 'new' ? { name: '', slug: '', description: '' } : { name: target.name, slug: target.slug, description: target.description ?? '' });
    setServerError(null);
  }, [target, reset]);

  const onValid = async (body: CategoryInput) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: editing?.id ?? null, body });
      onClose();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : m.saveFailed);
    }
  };

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      // The slug is generated from the name only while creating (spec section 5).
      if (!editing) setValue('slug', slugify(event.target.value), { shouldValidate: formState.isSubmitted });
    },
  });
  const errors = formState.errors;

  return (
    <Modal open={target !== null} onClose={onClose} title={editing ? m.editTitle : m.createTitle} closeLabel={messages.common.close} dismissible={!save.isPending}>
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
        <div>
          <label htmlFor={ids.name} className={labelStyles}>
            {m.name} <span className="text-red-600" aria-hidden>*</span>
          </label>
          <input id={ids.name} autoComplete="off" aria-required aria-invalid={Boolean(errors.name)} className={inputStyles} {...nameField} />
          {errors.name?.message && <p className="mt-1.5 text-sm text-red-600">{errors.name.message}</p>}
        </div>
        <div>
          <label htmlFor={ids.slug} className={labelStyles}>
            {m.slug} <span className="text-red-600" aria-hidden>*</span>
          </label>
          <div className="flex items-stretch">
            <span className="grid place-items-center rounded-l-xl border border-r-0 border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-500" aria-hidden>
              /
            </span>
            <input
              id={ids.slug}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              aria-required
              aria-invalid={Boolean(errors.slug)}
              aria-describedby={ids.slugHint}
              className={`${inputStyles} rounded-l-none font-mono`}
              {...register('slug')}
            />
          </div>
          <p id={ids.slugHint} className={`mt-1.5 text-xs ${errors.slug ? 'text-sm text-red-600' : 'text-slate-500'}`}>
            {errors.slug?.message ?? (editing ? m.slugHint : `${m.slugAuto} ${m.slugHint}`)}
          </p>
        </div>
        <div>
          <label htmlFor={ids.description} className={labelStyles}>
            {m.description}
          </label>
          <textarea id={ids.description} rows={3} aria-invalid={Boolean(errors.description)} className={inputStyles} {...register('description')} />
          {errors.description?.message && <p className="mt-1.5 text-sm text-red-600">{errors.description.message}</p>}
        </div>
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} disabled={save.isPending} className={buttonStyles.secondary}>
            {messages.common.cancel}
          </button>
          <button type="submit" disabled={save.isPending} className={buttonStyles.primary}>
            {save.isPending ? m.saving : editing ? m.submitEdit : m.submitCreate}
          </button>
        </div>
      </form>
    </Modal>
  );
}
