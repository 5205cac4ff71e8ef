import type { ContentCategory } from '@clima/contract/catalog';
import { CalendarDays, FolderOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@clima/web-kit/empty-state';
import { ListPage, useListSearch } from '@clima/web-kit/list-page';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { useAdminCategories, useDeleteCategory } from '../hooks/use-categories';
import { CategoryFormDialog } from './category-form-dialog';

const m = messages.categories;
const c = messages.common;

/** /admin/categories (spec 2.14): search, cards with name, '/slug', description and date. */
export function CategoriesPage() {
  const { admin } = useAdminAuth();
  const search = useListSearch();
  const categories = useAdminCategories(search.debounced, admin !== null);
  const remove = useDeleteCategory();
  const [formTarget, setFormTarget] = useState<ContentCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContentCategory | null>(null);
  const createButton = (
    <button type="button" onClick={() => setFormTarget('new')} className={buttonStyles.primary}>
      <Plus className="size-4" aria-hidden />
      {m.create}
    </button>
  );

  return (
    <>
      <ListPage
        header={<PageHeader title={m.title} subtitle={m.subtitle} actions={createButton} />}
        search={{ ...search, placeholder: m.search }}
        loading={categories.isPending}
        stale={categories.isPlaceholderData}
        items={categories.data ?? []}
        count={m.count}
        empty={<EmptyState icon={FolderOpen} title={m.empty} description={search.debounced ? m.emptyFilteredHint : m.emptyHint} action={search.debounced ? undefined : createButton} />}
        confirmDelete={{
          target: deleting,
          onClose: () => setDeleting(null),
          title: m.deleteTitle,
          describe: (category) => m.deleteWarning(category.name),
          onConfirm: async (category) => {
            await remove.mutateAsync(category.id);
          },
        }}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={m.title}>
            {list.map((category) => (
              <li key={category.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="category-card">
                <div className="flex items-start gap-3">
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-sky-50 text-sky-600" aria-hidden>
                    <FolderOpen className="size-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate font-bold text-slate-900">{category.name}</h2>
                    <p className="truncate font-mono text-xs text-sky-700">/{category.slug}</p>
                  </div>
                </div>
                <p className={`mb-4 mt-3 line-clamp-3 text-sm ${category.description ? 'text-slate-600' : 'italic text-slate-400'}`}>{category.description || m.noDescription}</p>
                <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
                  <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                    <CalendarDays className="size-3.5" aria-hidden />
                    {m.createdOn(formatDate(category.created_at))}
                  </span>
                  <div className="flex gap-0.5">
                    <button type="button" onClick={() => setFormTarget(category)} aria-label={m.editLabel(category.name)} title={c.edit} className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-sky-50 hover:text-sky-700">
                      <Pencil className="size-4" aria-hidden />
                    </button>
                    <button type="button" onClick={() => setDeleting(category)} aria-label={m.deleteLabel(category.name)} title={c.delete} className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600">
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListPage>
      <CategoryFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
    </>
  );
}
