import type { Content } from '@clima/contract/catalog';
import { Plus, Video } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { buttonStyles } from '../../../shared/ui/button';
import { DeleteConfirmDialog } from '../../../shared/ui/delete-confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ResultCount, SearchInput, Select } from '../../../shared/ui/filters';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '../../../shared/ui/spinner';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { useAdminCategories } from '../../categories/hooks/use-categories';
import { ContentRequestError } from '../api/contents-api';
import { useAdminContents, useDeleteContent, useTogglePublished } from '../hooks/use-admin-contents';
import { ContentAdminCard } from './content-admin-card';
import { ContentErrorDialog, ContentSavedDialog, type ContentFailure } from './content-dialogs';
import { ContentFormDialog, type ContentFormTarget } from './content-form-dialog';

const m = messages.contents;

/** /admin/contents (spec 2.14): search, category filter by slug, card grid, form and dialogs. */
export function ContentsPage() {
  const { admin } = useAdminAuth();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const contents = useAdminContents({ search: debounced, category }, admin !== null);
  const categories = useAdminCategories('', admin !== null);
  const toggle = useTogglePublished();
  const remove = useDeleteContent();
  const [formTarget, setFormTarget] = useState<ContentFormTarget>(null);
  const [saved, setSaved] = useState<{ kind: 'created' | 'updated'; title: string; published: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Content | null>(null);
  const [failure, setFailure] = useState<ContentFailure | null>(null);
  const list = contents.data ?? [];
  const categoryList = categories.data ?? [];
  const filtering = debounced !== '' || category !== '';

  const onToggle = (content: Content) => {
    toggle.mutate(
      { id: content.id, isPublished: content.is_published === 1 ? 0 : 1 },
      {
        onError: (err) =>
          setFailure({
            title: m.errorUpdateTitle,
            text: m.errorToggleText,
            message: err instanceof ContentRequestError ? err.message : m.toggleFailed,
            tip: false,
          }),
      },
    );
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
    } catch (err) {
      // The error dialog of spec section 8 tells what happened; the confirmation stays open
      // underneath, so 'Tentar Novamente' goes back to it (or Cancelar gives up).
      setFailure({
        title: m.errorDeleteTitle,
        text: m.errorDeleteText,
        message: err instanceof ContentRequestError ? err.message : m.deleteFailed,
        tip: false,
      });
      throw err;
    }
  };

  return (
    <>
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <button type="button" onClick={() => setFormTarget('new')} className={buttonStyles.primary}>
            <Plus className="size-4" aria-hidden />
            {m.create}
          </button>
        }
      />
      <div className="mb-5 flex flex-col gap-3 sm:flex-row">
        <SearchInput value={search} onChange={setSearch} placeholder={m.search} />
        <Select label={m.categoryFilter} value={category} onChange={(e) => setCategory(e.target.value)} className="sm:w-64">
          <option value="">{m.allCategories}</option>
          {categoryList.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      {contents.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Video}
          title={m.empty}
          description={filtering ? m.emptyFilteredHint : m.emptyHint}
          action={
            filtering ? undefined : (
              <button type="button" onClick={() => setFormTarget('new')} className={buttonStyles.primary}>
                <Plus className="size-4" aria-hidden />
                {m.create}
              </button>
            )
          }
        />
      ) : (
        <>
          <ResultCount>{m.count(list.length)}</ResultCount>
          <ul className={`grid gap-5 sm:grid-cols-2 xl:grid-cols-3 ${contents.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={m.title}>
            {list.map((content) => (
              <li key={content.id}>
                <ContentAdminCard
                  content={content}
                  toggling={toggle.isPending && toggle.variables?.id === content.id}
                  onToggle={() => onToggle(content)}
                  onEdit={() => setFormTarget(content)}
                  onDelete={() => setDeleting(content)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <ContentFormDialog
        target={formTarget}
        categories={categoryList}
        onClose={() => setFormTarget(null)}
        onSaved={({ kind, content }) => {
          setFormTarget(null);
          setSaved({ kind, title: content.title, published: content.is_published === 1 });
        }}
      />
      <ContentSavedDialog saved={saved} onClose={() => setSaved(null)} />
      <ContentErrorDialog failure={failure} onClose={() => setFailure(null)} />
      <DeleteConfirmDialog
        open={deleting !== null && failure === null}
        onClose={() => setDeleting(null)}
        title={m.deleteTitle}
        description={deleting ? m.deleteWarning(deleting.title) : undefined}
        onConfirm={onDelete}
      />
    </>
  );
}
