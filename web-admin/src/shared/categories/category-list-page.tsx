import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Plus, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { ListPage, useListSearch } from '@clima/web-kit/list-page';
import { useAdminAuth } from '../../features/auth/hooks/use-admin-auth';
import { PageHeader } from '../ui/page-header';
import { CategoryCard, type CategoryCardData, type CategoryCardTexts } from './category-card';

export interface CategoryListTexts extends CategoryCardTexts {
  title: string;
  subtitle: string;
  search: string;
  create: string;
  empty: string;
  emptyHint: string;
  emptyFilteredHint: string;
  count: (n: number) => string;
  deleteTitle: string;
  deleteWarning: (name: string) => string;
}

type Category = CategoryCardData & { id: number };

/**
 * /admin/categories and /admin/course-categories (spec 2.14: "same layout"): search, cards, create, edit,
 * delete with its own warning. Each page brings its hooks, texts, icon and form dialog.
 */
export function CategoryListPage<T extends Category>({
  texts,
  icon,
  useList,
  useDelete,
  cardTestId,
  cardExtra,
  dialog,
}: {
  texts: CategoryListTexts;
  icon: LucideIcon;
  useList: (search: string, enabled: boolean) => UseQueryResult<T[]>;
  useDelete: () => UseMutationResult<unknown, Error, number>;
  cardTestId: string;
  cardExtra?: (category: T) => ReactNode;
  dialog: (target: T | 'new' | null, onClose: () => void) => ReactNode;
}) {
  const { admin } = useAdminAuth();
  const search = useListSearch();
  const categories = useList(search.debounced, admin !== null);
  const remove = useDelete();
  const [formTarget, setFormTarget] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const createButton = (
    <button type="button" onClick={() => setFormTarget('new')} className={buttonStyles.primary}>
      <Plus className="size-4" aria-hidden />
      {texts.create}
    </button>
  );

  return (
    <>
      <ListPage
        header={<PageHeader title={texts.title} subtitle={texts.subtitle} actions={createButton} />}
        search={{ ...search, placeholder: texts.search }}
        loading={categories.isPending}
        stale={categories.isPlaceholderData}
        items={categories.data ?? []}
        count={texts.count}
        empty={<EmptyState icon={icon} title={texts.empty} description={search.debounced ? texts.emptyFilteredHint : texts.emptyHint} action={search.debounced ? undefined : createButton} />}
        confirmDelete={{
          target: deleting,
          onClose: () => setDeleting(null),
          title: texts.deleteTitle,
          describe: (category) => texts.deleteWarning(category.name),
          onConfirm: async (category) => {
            await remove.mutateAsync(category.id);
          },
        }}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={texts.title}>
            {list.map((category) => (
              <li key={category.id}>
                <CategoryCard
                  category={category}
                  icon={icon}
                  texts={texts}
                  extra={cardExtra?.(category)}
                  testId={cardTestId}
                  onEdit={() => setFormTarget(category)}
                  onDelete={() => setDeleting(category)}
                />
              </li>
            ))}
          </ul>
        )}
      </ListPage>
      {dialog(formTarget, () => setFormTarget(null))}
    </>
  );
}
