import { useQueryClient } from '@tanstack/react-query';
import type { LessonProgress } from '@clima/contract/courses';
import { ArrowLeft, CheckCircle2, Clock } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from '@clima/router';
import { queryKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { formatDuration } from '../../../lib/format';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageSpinner } from '../../../shared/ui/spinner';
import { VideoEmbed } from '../../../shared/ui/video-embed';
import { AccessGuard } from '../../access/components/access-guard';
import { markLessonDone } from '../api/courses-api';
import { useCourse, useCourseLessons, useCourseProgress } from '../hooks/use-courses';

const m = messages.courses;

function CourseDetail({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const course = useCourse(id);
  const lessons = useCourseLessons(id);
  const progress = useCourseProgress(id);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  if (course.isPending) return <PageSpinner label={messages.common.loading} />;
  if (course.isError) return <EmptyState icon={Clock} title={course.error.message} />;

  const list = lessons.data ?? [];
  const done = new Set((progress.data ?? []).filter((p) => p.completed === 1).map((p) => p.lesson_id));
  const selected = list.find((l) => l.id === selectedId) ?? list[0];
  const completed = list.filter((l) => done.has(l.id)).length;
  const percent = list.length ? Math.round((completed / list.length) * 100) : 0;
  const back = course.data.category_slug ? `/course-category/${course.data.category_slug}` : '/';

  // A lesson counts as done once its video frame has loaded (spec section 4).
  const onLessonLoaded = (lessonId: number) => {
    if (done.has(lessonId)) return;
    queryClient.setQueryData<LessonProgress[]>(queryKeys.courseProgress(id), (old = []) => [
      ...old.filter((p) => p.lesson_id !== lessonId),
      { lesson_id: lessonId, completed: 1 },
    ]);
    void markLessonDone(id, lessonId);
  };

  return (
    <div className="space-y-6">
      <Link to={back} className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {messages.common.back}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-5">
          <VideoEmbed
            key={selected?.id}
            videoId={selected?.youtube_video_id ?? null}
            title={selected?.title ?? course.data.title}
            onLoad={selected ? () => onLessonLoaded(selected.id) : undefined}
          />
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{course.data.title}</h1>
            {course.data.description && <p className="mt-2 text-slate-600">{course.data.description}</p>}
          </div>
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="progress-title">
            <div className="flex items-center justify-between text-sm">
              <h2 id="progress-title" className="font-semibold text-slate-900">
                {m.progress}
              </h2>
              <span className="font-semibold text-sky-700">{percent}%</span>
            </div>
            <div className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-labelledby="progress-title">
              <div className="h-full rounded-full bg-gradient-to-r from-sky-500 to-cyan-400" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-2 text-sm text-slate-500">{m.progressCount(completed, list.length)}</p>
          </section>
        </div>
        <aside className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <h2 className="border-b border-slate-100 px-5 py-4 font-semibold text-slate-900">{m.lessonsList}</h2>
          <ol className="max-h-96 overflow-y-auto p-2">
            {list.map((lesson, index) => {
              const isDone = done.has(lesson.id);
              const isSelected = selected?.id === lesson.id;
              return (
                <li key={lesson.id}>
                  <button
                    type="button"
                    onClick={() => setSelectedId(lesson.id)}
                    aria-current={isSelected ? 'true' : undefined}
                    className={`flex w-full gap-3 rounded-xl p-3 text-left transition-colors ${isSelected ? 'bg-sky-50' : 'hover:bg-slate-50'}`}
                  >
                    <span
                      className={`grid size-7 shrink-0 place-items-center rounded-full text-xs font-bold ${
                        isDone ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-600'
                      }`}
                    >
                      {isDone ? <CheckCircle2 className="size-4" aria-label="Concluída" /> : index + 1}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-semibold text-slate-900">{lesson.title}</span>
                      {lesson.description && <span className="block truncate text-xs text-slate-500">{lesson.description}</span>}
                      <span className="mt-0.5 block text-xs text-slate-400">{formatDuration(lesson.duration_seconds)}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </aside>
      </div>
    </div>
  );
}

export default function CoursePage() {
  const { id = '' } = useParams();
  return (
    <AccessGuard subscriber>
      <CourseDetail id={id} />
    </AccessGuard>
  );
}
