import type { CourseCategory } from '@clima/contract/courses';
import { CalendarDays, FolderTree, Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { ListPage, useListSearch } from '@clima/web-kit/list-page';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { useCourseCategories, useDeleteCourseCategory } from '../hooks/use-course-categories';
import { CourseCategoryFormDialog } from './course-category-form-dialog';

const m = messages.courseCategories;
const c = messages.common;

function CategoryCard({ category, onEdit, onDelete }: { category: CourseCategory; onEdit: () => void; onDelete: () => void }) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="course-category-card">
      <div className="flex items-start gap-3">
        {category.cover_image_url ? (
          <img src={category.cover_image_url} alt="" className="size-11 shrink-0 rounded-xl object-cover ring-1 ring-slate-200" />
        ) : (
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-sky-50 text-sky-600" aria-hidden>
            <FolderTree className="size-5" />
          </span>
        )}
        <div className="min-w-0">
          <h2 className="font-bold leading-snug text-slate-900">{category.name}</h2>
          <p className="break-all font-mono text-xs text-sky-700">/{category.slug}</p>
        </div>
      </div>
      <p className={`mt-3 line-clamp-3 text-sm ${category.description ? 'text-slate-600' : 'italic text-slate-400'}`}>
        {category.description || m.noDescription}
      </p>
      <div className="mt-auto pt-4">
        <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-3.5" aria-hidden />
              {m.createdOn(formatDate(category.created_at))}
            </span>
            {category.lessons_count !== undefined && (
              <span className="inline-flex items-center gap-1.5">
                <Layers className="size-3.5" aria-hidden />
                {m.lessons(category.lessons_count)}
              </span>
            )}
          </div>
          <div className="flex shrink-0 gap-1">
            <button
              type="button"
              onClick={onEdit}
              aria-label={m.editLabel(category.name)}
              title={c.edit}
              className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-sky-50 hover:text-sky-700"
            >
              <Pencil className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              onClick={onDelete}
              aria-label={m.deleteLabel(category.name)}
              title={c.delete}
              className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}

/** /admin/course-categories: 'Categorias de Curso' (spec 2.14). */
export function CourseCategoriesPage() {
  const { admin } = useAdminAuth();
  const search = useListSearch();
  const categories = useCourseCategories(search.debounced, admin !== null);
  const remove = useDeleteCourseCategory();
  const [formTarget, setFormTarget] = useState<CourseCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CourseCategory | null>(null);
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
        empty={<EmptyState icon={FolderTree} title={m.empty} description={search.debounced ? m.emptyFilteredHint : m.emptyHint} action={search.debounced ? undefined : createButton} />}
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
              <li key={category.id}>
                <CategoryCard category={category} onEdit={() => setFormTarget(category)} onDelete={() => setDeleting(category)} />
              </li>
            ))}
          </ul>
        )}
      </ListPage>
      <CourseCategoryFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
    </>
  );
}
