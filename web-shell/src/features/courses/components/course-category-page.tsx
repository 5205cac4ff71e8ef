import type { Course } from '@clima/contract/courses';
import { ArrowLeft, Clock, Hourglass, Layers, PlayCircle, SearchX, TriangleAlert } from 'lucide-react';
import { Link, useParams } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDuration } from '../../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { PageSpinner } from '@clima/web-kit/spinner';
import { AccessGuard } from '../../access/components/access-guard';
import { STRETCHED_LINK } from '../../../shared/ui/stretched-link';
import { useCategoryCourses, useCourseCategory, useCourseProgress } from '../hooks/use-courses';

const m = messages.courses;

/** The share of the course's lessons the user completed, 0..100 (null before any lesson was played). */
function useCompletedShare(course: Course): number | null {
  const progress = useCourseProgress(String(course.id), course.lessons_count > 0);
  const list = progress.data ?? [];
  if (list.length === 0 || course.lessons_count === 0) return null;
  const completed = list.filter((p) => p.completed === 1).length;
  return Math.min(100, Math.round((completed / course.lessons_count) * 100));
}

function CourseCard({ course }: { course: Course }) {
  const hasLessons = course.lessons_count > 0;
  const share = useCompletedShare(course);
  const started = share !== null;
  const progressId = `course-card-progress-${course.id}`;
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-sky-600 hover:shadow-md"
      data-testid="course-card"
    >
      {course.cover_image_url && (
        <div className="aspect-[16/9] overflow-hidden bg-slate-100">
          <img src={course.cover_image_url} alt="" loading="lazy" className="size-full object-cover" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500">
          <span className="inline-flex items-center gap-1.5" data-testid="course-lessons">
            <Layers className="size-4" aria-hidden />
            {m.lessonItems(course.lessons_count)}
          </span>
          <span className="inline-flex items-center gap-1.5" data-testid="course-duration">
            <Clock className="size-4" aria-hidden />
            {formatDuration(course.total_duration)}
          </span>
        </p>
        <h2 className="mt-2 text-lg font-bold text-slate-900">
          {hasLessons ? (
            <Link to={`/course/${course.id}`} className={STRETCHED_LINK}>
              {course.title}
            </Link>
          ) : (
            course.title
          )}
        </h2>
        {course.description && <p className="mt-1 line-clamp-3 text-sm text-slate-600">{course.description}</p>}
        {started && (
          <div className="mt-4" data-testid="course-card-progress">
            <p id={progressId} className="text-sm font-semibold text-sky-800">
              {m.courseProgress(share)}
            </p>
            <div
              className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-valuenow={share}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-labelledby={progressId}
            >
              <div className="h-full rounded-full bg-sky-600" style={{ width: `${share}%` }} />
            </div>
          </div>
        )}
        <div className="mt-auto pt-5">
          {hasLessons ? (
            <Link
              to={`/course/${course.id}`}
              className={`${buttonStyles.primary} relative z-10 w-full`}
              aria-label={`${started ? m.continue : m.watch}: ${course.title}`}
            >
              <PlayCircle className="size-4" aria-hidden />
              {started ? m.continue : m.watch}
            </Link>
          ) : (
            <span className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-slate-100 px-5 py-2.5 text-sm font-semibold text-slate-500">
              <Hourglass className="size-4" aria-hidden />
              {m.soon}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}

function CategoryCourses({ slug }: { slug: string }) {
  const category = useCourseCategory(slug);
  const courses = useCategoryCourses(category.data?.slug);

  if (category.isPending) return <PageSpinner label={messages.common.loading} />;
  if (category.isError) {
    const notFound = category.error.message === m.categoryNotFound;
    return <EmptyState icon={notFound ? SearchX : TriangleAlert} title={category.error.message} />;
  }
  const list = courses.data ?? [];

  return (
    <div className="space-y-6">
      <header className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-sky-800 via-sky-700 to-cyan-600 p-6 text-white shadow-sm sm:p-8">
        {category.data.cover_image_url && (
          <img src={category.data.cover_image_url} alt="" className="absolute inset-0 size-full object-cover opacity-20" />
        )}
        <div className="relative">
          <h1 className="text-2xl font-bold sm:text-3xl">{category.data.name}</h1>
          {category.data.description && <p className="mt-2 max-w-2xl text-sky-50">{category.data.description}</p>}
          {courses.isSuccess && (
            <p className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold" data-testid="available-lessons">
              <Layers className="size-4" aria-hidden />
              {m.availableLessons(list.length)}
            </p>
          )}
        </div>
      </header>
      {courses.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : courses.isError ? (
        <EmptyState icon={TriangleAlert} title={courses.error.message} />
      ) : list.length === 0 ? (
        <EmptyState icon={Layers} title={m.emptyCourses} />
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /course-category/{slug}: the parameter may be a slug or an id (spec 2.1). */
export default function CourseCategoryPage() {
  const { slug = '' } = useParams();
  return (
    <div className="space-y-6">
      <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {m.backToCourses}
      </Link>
      <AccessGuard subscriber>
        <CategoryCourses slug={slug} />
      </AccessGuard>
    </div>
  );
}
