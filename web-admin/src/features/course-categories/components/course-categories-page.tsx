import { FolderTree, Layers } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { CategoryListPage } from '../../../shared/categories/category-list-page';
import { useCourseCategories, useDeleteCourseCategory } from '../hooks/use-course-categories';
import { CourseCategoryFormDialog } from './course-category-form-dialog';

const m = messages.courseCategories;

/** /admin/course-categories: 'Categorias de Curso' (spec 2.14), the categories' layout with lesson counts. */
export function CourseCategoriesPage() {
  return (
    <CategoryListPage
      texts={m}
      icon={FolderTree}
      useList={useCourseCategories}
      useDelete={useDeleteCourseCategory}
      cardTestId="course-category-card"
      cardExtra={(category) =>
        category.lessons_count !== undefined && (
          <span className="inline-flex items-center gap-1.5">
            <Layers className="size-3.5" aria-hidden />
            {m.lessons(category.lessons_count)}
          </span>
        )
      }
      dialog={(target, onClose) => <CourseCategoryFormDialog target={target} onClose={onClose} />}
    />
  );
}
