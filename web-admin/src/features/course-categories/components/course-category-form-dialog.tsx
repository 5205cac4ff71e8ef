import { zodResolver } from '@hookform/resolvers/zod';
import { slugify } from '@clima/contract/common';
import { CourseCategoryCreateBody, type CourseCategory } from '@clima/contract/courses';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { Modal } from '@clima/web-kit/modal';
import { useSaveCourseCategory } from '../hooks/use-course-categories';

const m = messages.courseCategories;
type Values = { name: string; slug: string; description: string; cover_image_url: string };
const resolver = zodResolver(CourseCategoryCreateBody) as unknown as Resolver<Values>;

const EMPTY: Values = { name: '', slug: '', description: '', cover_image_url: '' };

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600">
      {message}
    </p>
  );
}

/** Create ('new') or edit a course category. The slug follows the name on every change (spec section 5). */
export function CourseCategoryFormDialog({ target, onClose }: { target: CourseCategory | 'new' | null; onClose: () => void }) {
  const save = useSaveCourseCategory();
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={editing ? m.editTitle : m.createTitle}
      closeLabel={messages.common.close}
      dismissible={!save.isPending}
      size="lg"
    >
      {/* A fresh form for every opening: it starts from the category's values, never from the last one. */}
      <CourseCategoryForm key={editing?.id ?? 'new'} category={editing} save={save} onClose={onClose} />
    </Modal>
  );
}

function valuesOf(category: CourseCategory | null): Values {
  return category
    ? { name: category.name, slug: category.slug, description: category.description ?? '', cover_image_url: category.cover_image_url ?? '' }
    : EMPTY;
}

function CourseCategoryForm({
  category,
  save,
  onClose,
}: {
  category: CourseCategory | null;
  save: ReturnType<typeof useSaveCourseCategory>;
  onClose: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = { name: useId(), slug: useId(), description: useId(), cover: useId(), slugHint: useId(), coverHint: useId() };
  const errIds = { name: useId(), slug: useId(), description: useId(), cover: useId() };
  const { register, handleSubmit, setValue, formState } = useForm<Values>({ defaultValues: valuesOf(category), resolver });
  const errors = formState.errors;

  const onValid = async (values: Values) => {
    setServerError(null);
    try {
      // The resolver has already trimmed the fields and turned blanks into null.
      await save.mutateAsync({ id: category?.id ?? null, body: values as unknown as CourseCategoryCreateBody });
      onClose();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : m.saveFailed);
    }
  };

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => setValue('slug', slugify(event.target.value), { shouldValidate: formState.isSubmitted }),
  });

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
      <div>
        <label htmlFor={ids.name} className={labelStyles}>
          {m.name}
        </label>
        <input
          id={ids.name}
          autoComplete="off"
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? errIds.name : undefined}
          className={inputStyles}
          {...nameField}
        />
        <FieldError id={errIds.name} message={errors.name?.message} />
      </div>
      <div>
        <label htmlFor={ids.slug} className={labelStyles}>
          {m.slug}
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-sm text-slate-400" aria-hidden>
            /
          </span>
          <input
            id={ids.slug}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={Boolean(errors.slug)}
            aria-describedby={`${ids.slugHint}${errors.slug ? ` ${errIds.slug}` : ''}`}
            className={`${inputStyles} pl-6 font-mono`}
            {...register('slug')}
          />
        </div>
        <p id={ids.slugHint} className="mt-1.5 text-xs text-slate-500">
          {m.slugHint}
        </p>
        <FieldError id={errIds.slug} message={errors.slug?.message} />
      </div>
      <div>
        <label htmlFor={ids.description} className={labelStyles}>
          {m.description}
        </label>
        <textarea
          id={ids.description}
          rows={3}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={errors.description ? errIds.description : undefined}
          className={inputStyles}
          {...register('description')}
        />
        <FieldError id={errIds.description} message={errors.description?.message} />
      </div>
      <div>
        <label htmlFor={ids.cover} className={labelStyles}>
          {m.coverImage}
        </label>
        <input
          id={ids.cover}
          type="url"
          inputMode="url"
          placeholder="https://..."
          aria-invalid={Boolean(errors.cover_image_url)}
          aria-describedby={`${ids.coverHint}${errors.cover_image_url ? ` ${errIds.cover}` : ''}`}
          className={inputStyles}
          {...register('cover_image_url')}
        />
        <p id={ids.coverHint} className="mt-1.5 text-xs text-slate-500">
          {m.coverHint}
        </p>
        <FieldError id={errIds.cover} message={errors.cover_image_url?.message} />
      </div>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} disabled={save.isPending} className={buttonStyles.secondary}>
          {messages.common.cancel}
        </button>
        <button type="submit" disabled={save.isPending} className={buttonStyles.primary}>
          {save.isPending ? m.saving : category ? m.submitEdit : m.submitCreate}
        </button>
      </div>
    </form>
  );
}
