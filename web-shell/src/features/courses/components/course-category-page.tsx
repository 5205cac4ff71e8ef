import { ArrowLeft, Clock, Layers, PlayCircle } from 'lucide-react';
import { Link, useParams } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDuration } from '../../../lib/format';
import { buttonStyles } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageSpinner } from '../../../shared/ui/spinner';
import { AccessGuard } from '../../access/components/access-guard';
import { useCategoryCourses, useCourseCategory } from '../hooks/use-courses';

const m = messages.courses;

function CategoryCourses({ slug }: { slug: string }) {
  const category = useCourseCategory(slug);
  const courses = useCategoryCourses(category.data?.slug);

  if (category.isPending) return <PageSpinner label={messages.common.loading} />;
  if (category.isError) return <EmptyState icon={Layers} title={category.error.message} />;
  const list = courses.data ?? [];

  return (
    <div className="space-y-6">
      <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {messages.nav.courses}
      </Link>
      <header className="rounded-3xl bg-gradient-to-r from-sky-700 to-cyan-600 p-6 text-white sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{category.data.name}</h1>
        {category.data.description && <p className="mt-2 max-w-2xl text-sky-50">{category.data.description}</p>}
        <p className="mt-4 inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">{m.availableLessons(list.length)}</p>
      </header>
      {courses.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : courses.isError ? (
        <EmptyState icon={Layers} title={courses.error.message} />
      ) : list.length === 0 ? (
        <EmptyState icon={Layers} title={m.emptyCourses} />
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((course) => (
            <li key={course.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <p className="flex gap-4 text-sm text-slate-500">
                <span className="inline-flex items-center gap-1.5">
                  <Layers className="size-4" aria-hidden />
                  {m.lessonItems(course.lessons_count)}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Clock className="size-4" aria-hidden />
                  {formatDuration(course.total_duration)}
                </span>
              </p>
              <h2 className="mt-2 text-lg font-bold text-slate-900">{course.title}</h2>
              {course.description && <p className="mt-1 line-clamp-3 text-sm text-slate-600">{course.description}</p>}
              <div className="mt-auto pt-5">
                {course.lessons_count > 0 ? (
                  <Link to={`/course/${course.id}`} className={`${buttonStyles.primary} w-full`}>
                    <PlayCircle className="size-4" aria-hidden />
                    {m.watch}
                  </Link>
                ) : (
                  <span className={`${buttonStyles.secondary} w-full cursor-default`}>{m.soon}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function CourseCategoryPage() {
  const { slug = '' } = useParams();
  return (
    <AccessGuard subscriber>
      <CategoryCourses slug={slug} />
    </AccessGuard>
  );
}
