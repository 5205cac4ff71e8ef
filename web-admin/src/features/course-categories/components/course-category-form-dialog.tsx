import { zodResolver } from '@hookform/resolvers/zod';
import { CourseCategoryCreateBody, type CourseCategory } from '@clima/contract/courses';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { inputStyles, labelStyles } from '@clima/web-kit/button';
import { messages } from '../../../i18n/messages';
import { CategoryFields } from '../../../shared/categories/category-fields';
import { DialogForm, FieldError, FormDialog, PublishingNote, useSaveError } from '../../../shared/ui/form-dialog';
import { useSaveNotice } from '../../../shared/ui/save-notice';
import { useSaveCourseCategory } from '../hooks/use-course-categories';

const m = messages.courseCategories;
type Values = { name: string; slug: string; description: string; cover_image_url: string };
const resolver = zodResolver(CourseCategoryCreateBody) as unknown as Resolver<Values>;

const EMPTY: Values = { name: '', slug: '', description: '', cover_image_url: '' };

/** Create ('new') or edit a course category. The slug follows the name on every change (spec section 5). */
export function CourseCategoryFormDialog({ target, onClose }: { target: CourseCategory | 'new' | null; onClose: () => void }) {
  const save = useSaveCourseCategory();
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <FormDialog open={target !== null} onClose={onClose} title={editing ? m.editTitle : m.createTitle} pending={save.isPending} size="lg">
      {/* A fresh form for every opening: it starts from the category's values, never from the last one. */}
      <CourseCategoryForm key={editing?.id ?? 'new'} category={editing} save={save} onClose={onClose} />
    </FormDialog>
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
  const { error, attempt } = useSaveError(m.saveFailed);
  const notice = useSaveNotice();
  const ids = { cover: useId(), coverHint: useId(), coverError: useId() };
  const { register, handleSubmit, setValue, formState } = useForm<Values>({ defaultValues: valuesOf(category), resolver });
  const errors = formState.errors;

  const onValid = (values: Values) =>
    attempt(async () => {
      // The resolver has already trimmed the fields and turned blanks into null.
      const saved = await save.mutateAsync({ id: category?.id ?? null, body: values as unknown as CourseCategoryCreateBody });
      onClose();
      notice.show({ title: category ? m.updated : m.created, text: messages.publishing.category, siteUrl: `/course-category/${encodeURIComponent(saved.slug)}` });
    });

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      pending={save.isPending}
      submitLabel={category ? m.submitEdit : m.submitCreate}
      pendingLabel={m.saving}
      error={error}
      publishing={<PublishingNote>{messages.publishing.category}</PublishingNote>}
    >
      <CategoryFields
        texts={m}
        register={register}
        setValue={setValue}
        errors={errors}
        submitted={formState.isSubmitted}
        slugFollowsName
        slugRequired={false}
      />
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
          aria-describedby={`${ids.coverHint}${errors.cover_image_url ? ` ${ids.coverError}` : ''}`}
          className={inputStyles}
          {...register('cover_image_url')}
        />
        <p id={ids.coverHint} className="mt-1.5 text-xs text-slate-600">
          {m.coverHint}
        </p>
        <FieldError id={ids.coverError} message={errors.cover_image_url?.message} />
      </div>
    </DialogForm>
  );
}
