import { CategoryBody, type ContentCategory } from '@clima/contract/catalog';
import { Slug } from '@clima/contract/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { CategoryFields } from '../../../shared/categories/category-fields';
import { DialogForm, FormDialog, PublishingNote, useSaveError } from '../../../shared/ui/form-dialog';
import { useSaveNotice } from '../../../shared/ui/save-notice';
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
  return (
    <FormDialog open={target !== null} onClose={onClose} title={editing ? m.editTitle : m.createTitle} pending={save.isPending}>
      {/* A fresh form for every opening: it starts from the category's values, never from the last one. */}
      <ContentCategoryForm key={editing?.id ?? 'new'} category={editing} save={save} onClose={onClose} />
    </FormDialog>
  );
}

function ContentCategoryForm({ category, save, onClose }: { category: ContentCategory | null; save: ReturnType<typeof useSaveCategory>; onClose: () => void }) {
  const { error, attempt } = useSaveError(m.saveFailed);
  const notice = useSaveNotice();
  const { register, handleSubmit, setValue, formState } = useForm<Values, unknown, CategoryInput>({
    defaultValues: category ? { name: category.name, slug: category.slug, description: category.description ?? '' } : { name: '', slug: '', description: '' },
    resolver,
  });

  const onValid = (body: CategoryInput) =>
    attempt(async () => {
      await save.mutateAsync({ id: category?.id ?? null, body });
      onClose();
      notice.show({ title: category ? m.updated : m.created, text: messages.publishing.category, siteUrl: '/contents' });
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
        texts={{ ...m, slugHint: category ? m.slugHint : `${m.slugAuto} ${m.slugHint}` }}
        register={register}
        setValue={setValue}
        errors={formState.errors}
        submitted={formState.isSubmitted}
        slugFollowsName={category === null}
        slugRequired
      />
    </DialogForm>
  );
}
