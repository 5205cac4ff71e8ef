import { formatTotalDuration, type Course } from '@clima/contract/courses';
import { BookOpen, Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { Select } from '@clima/web-kit/filters';
import { ListPage, ListTable, useListSearch } from '@clima/web-kit/list-page';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { useCourseCategories } from '../../course-categories/hooks/use-course-categories';
import { useAdminCourses, useDeleteCourse, useToggleCoursePublished } from '../hooks/use-admin-courses';
import { StatusBadge } from './course-status-badge';

const m = messages.courses;
const c = messages.common;

function CourseIdentity({ course }: { course: Course }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      {course.cover_image_url ? (
        <img src={course.cover_image_url} alt="" className="size-11 shrink-0 rounded-xl object-cover ring-1 ring-slate-200" />
      ) : (
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-sky-50 text-sky-700" aria-hidden>
          <BookOpen className="size-5" />
        </span>
      )}
      <div className="min-w-0">
        <Link to={`/admin/courses/${course.id}`} className="font-semibold text-slate-900 hover:text-sky-700 hover:underline">
          {course.title}
        </Link>
        {course.description && <p className="line-clamp-2 text-sm text-slate-500">{course.description}</p>}
        <p className="mt-0.5 text-xs text-slate-600">{m.lessonsSummary(course.lessons_count, formatTotalDuration(course.total_duration))}</p>
      </div>
    </div>
  );
}

function RowActions({
  course,
  onToggle,
  onDelete,
  toggling,
}: {
  course: Course;
  onToggle: () => void;
  onDelete: () => void;
  toggling: boolean;
}) {
  const navigate = useNavigate();
  const published = course.is_published === 1;
  return (
    <div className="flex justify-end gap-1">
      <button
        type="button"
        onClick={onToggle}
        disabled={toggling}
        aria-label={published ? m.unpublishLabel(course.title) : m.publishLabel(course.title)}
        title={published ? m.unpublishLabel(course.title) : m.publishLabel(course.title)}
        className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-emerald-50 hover:text-emerald-700 disabled:opacity-50"
      >
        {published ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
      </button>
      <button
        type="button"
        onClick={() => navigate(`/admin/courses/${course.id}`)}
        aria-label={m.editLabel(course.title)}
        title={c.edit}
        className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-sky-50 hover:text-sky-700"
      >
        <Pencil className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={m.deleteLabel(course.title)}
        title={c.delete}
        className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600"
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/** The category column: its name and, below, the slug the category filter uses. */
function CategoryCell({ course }: { course: Course }) {
  if (!course.category_name) return <span className="text-xs italic text-slate-600">{m.noCategory}</span>;
  return (
    <div className="min-w-0">
      <span className="inline-block max-w-full wrap-anywhere rounded-full bg-sky-50 px-2.5 py-1 text-xs font-semibold text-sky-700">{course.category_name}</span>
      {course.category_slug && <p className="mt-1 wrap-anywhere font-mono text-[11px] text-slate-600">/{course.category_slug}</p>}
    </div>
  );
}

/** /admin/courses: 'Gerenciar Aulas' (spec 2.14). */
export function CoursesPage() {
  const { admin } = useAdminAuth();
  const navigate = useNavigate();
  const search = useListSearch();
  const [category, setCategory] = useState('');
  const courses = useAdminCourses({ search: search.debounced, category }, admin !== null);
  const categories = useCourseCategories('', admin !== null);
  const toggle = useToggleCoursePublished();
  const remove = useDeleteCourse();
  const [deleting, setDeleting] = useState<Course | null>(null);
  const filtering = search.debounced !== '' || category !== '';

  const actions = (course: Course) => (
    <RowActions
      course={course}
      toggling={toggle.isPending && toggle.variables?.id === course.id}
      onToggle={() => toggle.mutate(course)}
      onDelete={() => setDeleting(course)}
    />
  );
  const createButton = (
    <button type="button" onClick={() => navigate('/admin/courses/new')} className={buttonStyles.primary}>
      <Plus className="size-4" aria-hidden />
      {m.create}
    </button>
  );

  return (
    <ListPage
      header={<PageHeader title={m.title} subtitle={m.subtitle} actions={createButton} />}
      search={{ ...search, placeholder: m.search }}
      filters={
        <Select label={m.categoryFilter} value={category} onChange={(e) => setCategory(e.target.value)} className="sm:w-64">
          <option value="">{m.allCategories}</option>
          {(categories.data ?? []).map((cat) => (
            <option key={cat.id} value={cat.slug}>
              {cat.name}
            </option>
          ))}
        </Select>
      }
      loading={courses.isPending}
      stale={courses.isPlaceholderData}
      items={courses.data ?? []}
      count={m.count}
      empty={<EmptyState icon={BookOpen} title={m.empty} description={filtering ? m.emptyFilteredHint : m.emptyHint} action={filtering ? undefined : createButton} />}
      confirmDelete={{
        target: deleting,
        onClose: () => setDeleting(null),
        title: m.deleteTitle,
        describe: (course) => m.deleteWarning(course.title),
        onConfirm: async (course) => {
          await remove.mutateAsync(course.id);
        },
      }}
    >
      {(list) => (
        <ListTable
          label={m.title}
          items={list}
          rowKey={(course) => course.id}
          testId="course-row"
          breakpoint="xl"
          rowClassName="align-top"
          columns={[
            { header: m.columns.lesson, cell: (course) => <CourseIdentity course={course} /> },
            { header: m.columns.category, className: 'w-52 max-w-52', cell: (course) => <CategoryCell course={course} /> },
            { header: m.columns.status, className: 'whitespace-nowrap', cell: (course) => <StatusBadge published={course.is_published === 1} /> },
            { header: m.columns.created, className: 'whitespace-nowrap text-slate-600', cell: (course) => formatDate(course.created_at) },
            { header: m.columns.actions, cell: actions },
          ]}
          card={(course) => (
            <>
              <CourseIdentity course={course} />
              <div className="mt-3 flex flex-wrap items-start gap-2">
                <StatusBadge published={course.is_published === 1} />
                <CategoryCell course={course} />
              </div>
              <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-2">
                <span className="text-xs text-slate-500">{formatDate(course.created_at)}</span>
                {actions(course)}
              </div>
            </>
          )}
        />
      )}
    </ListPage>
  );
}
