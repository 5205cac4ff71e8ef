import { FolderOpen } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { CategoryListPage } from '../../../shared/categories/category-list-page';
import { useAdminCategories, useDeleteCategory } from '../hooks/use-categories';
import { CategoryFormDialog } from './category-form-dialog';

/** /admin/categories (spec 2.14): search, cards with name, '/slug', description and date. */
export function CategoriesPage() {
  return (
    <CategoryListPage
      texts={messages.categories}
      icon={FolderOpen}
      useList={useAdminCategories}
      useDelete={useDeleteCategory}
      cardTestId="category-card"
      dialog={(target, onClose) => <CategoryFormDialog target={target} onClose={onClose} />}
    />
  );
}
