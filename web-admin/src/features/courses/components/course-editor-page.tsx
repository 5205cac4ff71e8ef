import { ArrowLeft, ListVideo, SearchX } from 'lucide-react';
import { Link, useNavigate, useParams } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '@clima/web-kit/spinner';
import { useAdminCourse } from '../hooks/use-admin-courses';
import { StatusBadge } from './course-status-badge';
import { CourseForm } from './course-form';
import { LessonEditor } from './lesson-editor';
import { CourseQuizzesSection } from '../../quizzes/course-quizzes-section';
import { useAdminLessons } from '../hooks/use-lessons';

const m = messages.courses;

function BackLink() {
  return (
    <Link to="/admin/courses" className={buttonStyles.secondary}>
      <ArrowLeft className="size-4" aria-hidden />
      {m.back}
    </Link>
  );
}

/** /admin/courses/new and /admin/courses/{id}: the course form and, once saved, its lessons. */
export function CourseEditorPage() {
  const { courseId = 'new' } = useParams();
  const navigate = useNavigate();
  const id = /^\d+$/.test(courseId) ? Number(courseId) : null;
  const course = useAdminCourse(id);

  if (courseId !== 'new' && id === null) {
    return (
      <>
        <PageHeader title={m.editTitle} actions={<BackLink />} />
        <EmptyState icon={SearchX} title={m.notFound} />
      </>
    );
  }
  if (id !== null && course.isPending) return <PageSpinner label={messages.common.loading} />;
  if (id !== null && course.isError) {
    return (
      <>
        <PageHeader title={m.editTitle} actions={<BackLink />} />
        <EmptyState icon={SearchX} title={m.notFound} />
      </>
    );
  }

  const current = id !== null ? (course.data ?? null) : null;
  return (
    <>
      <PageHeader title={current ? m.editTitle : m.createTitle} subtitle={current?.title} actions={<BackLink />} />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby="course-details-title">
          <div className="mb-5 flex items-center justify-between gap-3">
            <h2 id="course-details-title" className="text-lg font-bold text-slate-900">
              {m.details}
            </h2>
            {current && <StatusBadge published={current.is_published === 1} />}
          </div>
          <CourseForm
            key={current ? current.id : 'new'}
            course={current}
            onSaved={(saved) => {
              if (!current) navigate(`/admin/courses/${saved.id}`, { replace: true });
            }}
          />
        </section>
        {current ? (
          <>
            <LessonEditor courseId={current.id} />
            <CourseQuizzes courseId={current.id} />
          </>
        ) : (
          <section className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <span className="mb-3 grid size-12 place-items-center rounded-full bg-sky-50 text-sky-700">
              <ListVideo className="size-6" aria-hidden />
            </span>
            <p className="font-semibold text-slate-800">{m.lessonsTitle}</p>
            <p className="mt-1 text-sm text-slate-500">{m.lessonsAfterCreate}</p>
          </section>
        )}
      </div>
    </>
  );
}

/** The quiz and assessment editor under the lessons (issue 27). */
function CourseQuizzes({ courseId }: { courseId: number }) {
  const lessons = useAdminLessons(courseId);
  return <CourseQuizzesSection courseId={courseId} lessons={lessons.data ?? []} />;
}
