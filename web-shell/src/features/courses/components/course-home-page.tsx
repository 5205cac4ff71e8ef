import type { CourseCategory } from '@clima/contract/courses';
import { ArrowRight, BookOpen, Clock, Layers } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDuration } from '../../../lib/format';
import { useDebouncedValue } from '@clima/web-kit/use-debounced-value';
import { EmptyState } from '@clima/web-kit/empty-state';
import { SearchInput, Select } from '@clima/web-kit/filters';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '@clima/web-kit/spinner';
import { AccessGuard } from '../../access/components/access-guard';
import { SubscriberBanner } from '../../access/components/subscriber-banner';
import { ContinueRow } from '../../../shared/ui/continue-row';
import { useContinueCourses, useCourseCategories } from '../hooks/use-courses';

const m = messages.courses;

function CategoryCard({ category }: { category: CourseCategory }) {
  const name = category.name.trim() || m.general;
  return (
    <Link
      to={`/course-category/${encodeURIComponent(category.slug || String(category.id))}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
      data-testid="course-category-card"
    >
      <div className="relative aspect-[5/2] overflow-hidden bg-gradient-to-br from-sky-700 via-sky-600 to-cyan-500 sm:aspect-[16/9]">
        {category.cover_image_url ? (
          <img src={category.cover_image_url} alt="" loading="lazy" className="size-full object-cover transition duration-300 group-hover:scale-105" />
        ) : (
          <span className="absolute inset-0 grid place-items-center" aria-hidden>
            <span className="grid size-16 place-items-center rounded-2xl bg-white/15 ring-1 ring-white/25">
              <BookOpen className="size-8 text-white" />
            </span>
          </span>
        )}
        <span className="absolute left-3 top-3 max-w-[calc(100%-1.5rem)] wrap-anywhere rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-sky-800 shadow-sm backdrop-blur">
          {name}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500">
          <span className="inline-flex items-center gap-1.5" data-testid="category-lessons">
            <Layers className="size-4" aria-hidden />
            {m.lessons(category.lessons_count ?? 0)}
          </span>
          <span className="inline-flex items-center gap-1.5" data-testid="category-duration">
            <Clock className="size-4" aria-hidden />
            {formatDuration(category.total_duration ?? 0)}
          </span>
        </p>
        <h2 className="mt-2 text-lg font-bold text-slate-900 group-hover:text-sky-700">{category.name}</h2>
        {category.description && <p className="mt-1 line-clamp-3 text-sm text-slate-600">{category.description}</p>}
        <span className="mt-auto inline-flex items-center gap-1.5 pt-4 text-sm font-semibold text-sky-700">
          {m.openCategory}
          <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden />
        </span>
      </div>
    </Link>
  );
}

/** The course catalogue; a visitor (beneath 'Acesso Restrito') sees it without the continue row. */
function CourseHome({ visitor = false }: { visitor?: boolean }) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const { data = [], isPending } = useCourseCategories(debounced, true);
  // The select lists every category, whatever the search says, so the chosen one never vanishes from it.
  const all = useCourseCategories('', true);
  const shown = selected ? data.filter((c) => String(c.id) === selected) : data;
  const filtering = debounced !== '' || selected !== '';
  const continuing = useContinueCourses(!visitor);

  return (
    <div className="space-y-6">
      <SubscriberBanner />
      <PageHeader title={m.title} subtitle={m.subtitle} />
      <ContinueRow
        testId="continue-courses"
        items={(continuing.data ?? []).map((c) => ({
          key: `course-${c.course.id}`,
          href: `/course/${c.course.id}?lesson=${c.lesson_id}`,
          title: c.lesson_title,
          subtitle: c.course.title,
          image: c.course.cover_image_url,
          position: c.position,
          duration: c.duration,
        }))}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput value={search} onChange={setSearch} placeholder={m.search} />
        <Select label={m.categoryFilter} value={selected} onChange={(e) => setSelected(e.target.value)} className="sm:w-64">
          <option value="">{m.allCourses}</option>
          {(all.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      {isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : shown.length === 0 ? (
        <EmptyState icon={Layers} title={filtering ? m.emptyFiltered : m.empty} />
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((c) => (
            <li key={c.id}>
              <CategoryCard category={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Course home (/): course categories; anonymous visitors see 'Acesso Restrito' and the catalogue beneath. */
export default function CourseHomePage() {
  return (
    <AccessGuard preview={<CourseHome visitor />}>
      <CourseHome />
    </AccessGuard>
  );
}
