import { BookOpen, Clock, Layers } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDuration } from '../../../lib/format';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SearchInput, Select } from '../../../shared/ui/filters';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '../../../shared/ui/spinner';
import { AccessGuard } from '../../access/components/access-guard';
import { SubscriberBanner } from '../../access/components/subscriber-banner';
import { useCourseCategories } from '../hooks/use-courses';

const m = messages.courses;

function CourseHome() {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const { data = [], isPending } = useCourseCategories(debounced, true);
  const shown = selected ? data.filter((c) => String(c.id) === selected) : data;
  const filtering = debounced !== '' || selected !== '';

  return (
    <div className="space-y-6">
      <SubscriberBanner />
      <PageHeader title={m.title} subtitle={m.subtitle} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput value={search} onChange={setSearch} placeholder={m.search} />
        <Select label={m.allCourses} value={selected} onChange={(e) => setSelected(e.target.value)} className="sm:w-64">
          <option value="">{m.allCourses}</option>
          {data.map((c) => (
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
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((c) => (
            <li key={c.id}>
              <Link
                to={`/course-category/${c.slug || c.id}`}
                className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <div className="relative aspect-[16/9] bg-gradient-to-br from-sky-600 to-cyan-500">
                  {c.cover_image_url ? (
                    <img src={c.cover_image_url} alt="" loading="lazy" className="size-full object-cover" />
                  ) : (
                    <BookOpen className="absolute left-1/2 top-1/2 size-12 -translate-x-1/2 -translate-y-1/2 text-white/80" aria-hidden />
                  )}
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <p className="text-xs font-semibold uppercase tracking-wide text-sky-700">{c.name || m.general}</p>
                  <h2 className="mt-1 text-lg font-bold text-slate-900 group-hover:text-sky-700">{c.name}</h2>
                  {c.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{c.description}</p>}
                  <p className="mt-auto flex gap-4 pt-4 text-sm text-slate-500">
                    <span className="inline-flex items-center gap-1.5">
                      <Layers className="size-4" aria-hidden />
                      {m.lessons(c.lessons_count ?? 0)}
                    </span>
                    <span className="inline-flex items-center gap-1.5">
                      <Clock className="size-4" aria-hidden />
                      {formatDuration(c.total_duration ?? 0)}
                    </span>
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Course home (/): course categories; anonymous visitors see 'Acesso Restrito'. */
export default function CourseHomePage() {
  return (
    <AccessGuard>
      <CourseHome />
    </AccessGuard>
  );
}
