import type { Course, CourseLesson, LessonProgress } from '@clima/contract/courses';
import { ArrowLeft, Check, Clock, ListVideo, PartyPopper, SearchX, SkipForward, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDuration } from '../../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { PageSpinner, Spinner } from '@clima/web-kit/spinner';
import { VideoPlayer } from '../../../shared/ui/video-player';
import { AccessGuard } from '../../access/components/access-guard';
import { useAuth } from '../../auth/hooks/use-auth';
import { LockedPreview } from '../../access/components/locked-preview';
import { CourseCertificateLink } from '../../certificates/components/course-certificate-link';
import { LessonQuestions } from '../../lesson-questions/lesson-questions';
import { useLearningActivity } from '../../../shared/learning/learning-activity';
import { AssessmentPanel } from '../quiz/assessment-panel';
import { LessonQuiz } from '../quiz/lesson-quiz';
import { useCourse, useCourseLessons, useCoursePreview, useCourseProgress, useSaveLessonPosition } from '../hooks/use-courses';

const m = messages.courses;

/** The course's own video, shown when it has no lessons yet. */
function CourseVideo({ course }: { course: Course }) {
  return <VideoPlayer videoUrl={course.video_url} fileUrl={course.video_file_url} title={course.title} orientation={course.video_orientation} />;
}

/**
 * The selected lesson's video (YouTube id or uploaded file). Its reports save where the user is and
 * what they played; the server completes the lesson once most of it was watched.
 */
function LessonVideo({
  courseId,
  lesson,
  progress,
  onEnded,
}: {
  courseId: string;
  lesson: CourseLesson;
  progress: LessonProgress | undefined;
  onEnded: () => void;
}) {
  const { user } = useAuth();
  const send = useSaveLessonPosition(courseId, lesson.id, user?.id);
  // a lesson open on the screen is study time for the ranking (the video playing counts by itself)
  useLearningActivity('lesson');
  return (
    <VideoPlayer
      videoUrl={lesson.youtube_video_id ? `https://youtu.be/${lesson.youtube_video_id}` : null}
      fileUrl={lesson.video_file_url}
      title={lesson.title}
      watch={{ saved: progress, send, fallbackDuration: lesson.duration_seconds, owner: user?.id }}
      onEnded={onEnded}
    />
  );
}

/**
 * 'Próxima aula': always there while a next lesson exists; when the lesson's video ends it says so and
 * takes the focus, so the course goes on with one press.
 */
function NextLesson({ next, ended, onNext }: { next: CourseLesson; ended: boolean; onNext: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ended) button.current?.focus();
  }, [ended]);
  return (
    <div
      className={`flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between ${
        ended ? 'border-sky-300 bg-sky-50' : 'border-slate-200 bg-white'
      }`}
      data-testid="next-lesson"
      data-ended={ended}
    >
      <p className="min-w-0 text-sm text-slate-700" role="status">
        {ended && <span className="block font-semibold text-slate-900">{m.lessonEnded}</span>}
        <span className="block wrap-anywhere">{m.upNext(next.title)}</span>
      </p>
      <button ref={button} type="button" onClick={onNext} className={`${buttonStyles.primary} shrink-0`}>
        <SkipForward className="size-4" aria-hidden />
        {m.nextLesson}
      </button>
    </div>
  );
}

/** The finished moment: every lesson of the course completed, with the certificate once it is issued. */
function CourseFinished({ courseId, back }: { courseId: number; back: string }) {
  return (
    <section
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5"
      aria-labelledby="course-finished-title"
      data-testid="course-finished"
      role="status"
    >
      <h2 id="course-finished-title" className="flex items-center gap-2 text-lg font-bold text-emerald-900">
        <PartyPopper className="size-5" aria-hidden />
        {m.finishedTitle}
      </h2>
      <p className="mt-1 text-sm text-emerald-900">{m.finishedText}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <CourseCertificateLink courseId={courseId} />
        <Link to={back} className="text-sm font-semibold text-emerald-900 underline-offset-2 hover:underline">
          {m.backToCourses}
        </Link>
      </div>
    </section>
  );
}

function ProgressBox({ completed, total }: { completed: number; total: number }) {
  const percent = total ? Math.round((completed / total) * 100) : 0;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="course-progress-title" data-testid="course-progress">
      <div className="flex items-center justify-between gap-3 text-sm">
        <h2 id="course-progress-title" className="font-semibold text-slate-900">
          {m.progress}
        </h2>
        <span className="font-bold text-sky-700" data-testid="course-progress-percent">
          {percent}%
        </span>
      </div>
      <div
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-labelledby="course-progress-title"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-sky-500 to-cyan-400 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-500" data-testid="course-progress-count">
        {m.progressCount(completed, total)}
      </p>
    </section>
  );
}

function LessonList({
  lessons,
  done,
  watched,
  selectedId,
  onSelect,
  loading,
}: {
  lessons: CourseLesson[];
  done: Set<number>;
  /** Watched share of each lesson the user played, 0..1. */
  watched: Map<number, number>;
  selectedId: number | undefined;
  onSelect: (lesson: CourseLesson) => void;
  loading: boolean;
}) {
  return (
    <aside className="h-fit overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby="course-lessons-title">
      <h2 id="course-lessons-title" className="flex items-center gap-2 border-b border-slate-100 px-5 py-4 font-semibold text-slate-900">
        <ListVideo className="size-5 text-sky-600" aria-hidden />
        {m.lessonsList}
      </h2>
      {loading ? (
        <div className="grid place-items-center py-10">
          <Spinner label={messages.common.loading} />
        </div>
      ) : lessons.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">{m.noLessons}</p>
      ) : (
        // The list scrolls above about 24rem (spec 2.9).
        <ol className="max-h-96 space-y-1 overflow-y-auto p-2" data-testid="lesson-list">
          {lessons.map((lesson, index) => {
            const isDone = done.has(lesson.id);
            const isSelected = selectedId === lesson.id;
            const fraction = watched.get(lesson.id);
            const share = fraction === undefined ? undefined : Math.floor(fraction * 100);
            return (
              <li key={lesson.id}>
                <button
                  type="button"
                  onClick={() => onSelect(lesson)}
                  aria-current={isSelected ? 'true' : undefined}
                  data-testid="lesson-item"
                  data-completed={isDone}
                  className={`flex w-full gap-3 rounded-xl p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-sky-600 ${
                    isSelected ? 'bg-sky-50 ring-1 ring-sky-200' : 'hover:bg-slate-50'
                  }`}
                >
                  <span
                    className={`grid size-7 shrink-0 place-items-center rounded-full text-xs font-bold ${
                      isDone ? 'bg-emerald-500 text-white' : isSelected ? 'bg-sky-600 text-white' : 'bg-slate-100 text-slate-600'
                    }`}
                  >
                    {isDone ? (
                      <>
                        <Check className="size-4" strokeWidth={3} aria-hidden />
                        <span className="sr-only">{m.completed}</span>
                      </>
                    ) : (
                      index + 1
                    )}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className={`block text-sm font-semibold ${isSelected ? 'text-sky-800' : 'text-slate-900'}`}>{lesson.title}</span>
                    {lesson.description && <span className="mt-0.5 line-clamp-2 block text-xs text-slate-500">{lesson.description}</span>}
                    <span className="mt-1 flex items-center gap-2 text-xs text-slate-500">
                      <span className="inline-flex items-center gap-1">
                        <Clock className="size-3.5" aria-hidden />
                        {formatDuration(lesson.duration_seconds)}
                      </span>
                      {share !== undefined && (
                        <span className="inline-flex min-w-0 flex-1 items-center gap-1.5" data-testid="lesson-watched">
                          <span className="h-1 w-14 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                            <span className={`block h-full rounded-full ${isDone ? 'bg-emerald-500' : 'bg-sky-500'}`} style={{ width: `${share}%` }} />
                          </span>
                          <span className="tabular-nums">{m.watchedShare(share)}</span>
                        </span>
                      )}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </aside>
  );
}

function CourseDetail({ id }: { id: string }) {
  const course = useCourse(id);
  const lessons = useCourseLessons(id);
  const progress = useCourseProgress(id);
  const [searchParams] = useSearchParams();
  // 'Continuar assistindo' opens the course at the lesson to resume (?lesson=<id>)
  const [selectedId, setSelectedId] = useState<number | null>(() => Number(searchParams.get('lesson')) || null);
  // the lesson whose video played to its end (its 'Próxima aula' is then offered)
  const [endedId, setEndedId] = useState<number | null>(null);
  const playerRef = useRef<HTMLDivElement>(null);

  if (course.isPending) return <PageSpinner label={messages.common.loading} />;
  if (course.isError) {
    const notFound = course.error.message === m.notFound;
    return (
      <div className="space-y-6">
        <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          {m.backToCourses}
        </Link>
        <EmptyState icon={notFound ? SearchX : TriangleAlert} title={course.error.message} />
      </div>
    );
  }

  const list = lessons.data ?? [];
  const progressList = progress.data ?? [];
  // A lesson counts as completed once most of it was watched (the server's rule, services/courses/README.md).
  const done = new Set(progressList.filter((p) => p.completed === 1).map((p) => p.lesson_id));
  const watched = new Map(progressList.filter((p) => p.watched_fraction !== null).map((p) => [p.lesson_id, p.watched_fraction!]));
  const selectedIndex = Math.max(0, list.findIndex((l) => l.id === selectedId));
  const selected = list[selectedIndex];
  const completed = list.filter((l) => done.has(l.id)).length;
  const slug = course.data.category_slug;
  const back = slug ? `/course-category/${encodeURIComponent(slug)}` : '/';

  const next = selected ? list[selectedIndex + 1] : undefined;
  const finished = list.length > 0 && completed === list.length;

  const select = (lesson: CourseLesson) => {
    setSelectedId(lesson.id);
    setEndedId(null);
    // On a phone the list sits below the player: bring the player back into view.
    const top = playerRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) playerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="space-y-6">
      <Link to={back} className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {slug && course.data.category_name ? m.backToCategory(course.data.category_name) : m.backToCourses}
      </Link>
      <header>
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{course.data.title}</h1>
        {course.data.description && <p className="mt-1 whitespace-pre-line text-slate-600">{course.data.description}</p>}
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-5">
          <div ref={playerRef}>
            {selected ? (
              <LessonVideo
                key={selected.id}
                courseId={id}
                lesson={selected}
                progress={progressList.find((p) => p.lesson_id === selected.id)}
                onEnded={() => setEndedId(selected.id)}
              />
            ) : lessons.isPending ? (
              <div className="grid aspect-video w-full place-items-center rounded-2xl bg-slate-900">
                <Spinner label={messages.common.loading} />
              </div>
            ) : (
              <CourseVideo course={course.data} />
            )}
          </div>
          {selected && (
            <div>
              <p className="text-sm font-semibold text-sky-700" data-testid="current-lesson">
                {m.lessonPosition(selectedIndex + 1, list.length)}
              </p>
              <h2 className="mt-1 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl" data-testid="lesson-title">
                {selected.title}
              </h2>
              {selected.description && <p className="mt-2 whitespace-pre-line text-slate-600">{selected.description}</p>}
            </div>
          )}
          {finished ? (
            <CourseFinished courseId={course.data.id} back={back} />
          ) : (
            next && <NextLesson next={next} ended={endedId === selected?.id} onNext={() => select(next)} />
          )}
          {selected && <LessonQuiz key={selected.id} courseId={id} lessonId={selected.id} />}
          <ProgressBox completed={completed} total={list.length} />
          <AssessmentPanel courseId={id} />
          {selected && <LessonQuestions key={selected.id} courseId={course.data.id} lessonId={selected.id} />}
        </div>
        <LessonList lessons={list} done={done} watched={watched} selectedId={selected?.id} onSelect={select} loading={lessons.isPending} />
      </div>
    </div>
  );
}

/** What a visitor or non-subscriber sees of a shared course beneath the gate: its words and its lessons, no video. */
function CoursePreviewPanel({ id }: { id: string }) {
  const { data } = useCoursePreview(id);
  if (!data) return null;
  return (
    <LockedPreview
      title={data.title}
      description={data.description}
      meta={
        <span className="inline-flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="inline-flex items-center gap-1.5">
            <ListVideo className="size-4" aria-hidden />
            {m.lessonItems(data.lessons_count)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden />
            {formatDuration(data.total_duration)}
          </span>
        </span>
      }
    >
      {data.lessons.length > 0 && (
        <section className="mt-5" aria-labelledby="preview-lessons-title">
          <h3 id="preview-lessons-title" className="font-semibold text-slate-900">
            {m.lessonsList}
          </h3>
          <ol className="mt-2 divide-y divide-slate-100 rounded-2xl border border-slate-200" data-testid="preview-lessons">
            {data.lessons.map((lesson, index) => (
              <li key={lesson.id} className="flex items-center gap-3 px-4 py-3 text-sm" data-testid="preview-lesson">
                <span className="grid size-7 shrink-0 place-items-center rounded-full bg-slate-100 text-xs font-bold text-slate-700">{index + 1}</span>
                <span className="min-w-0 flex-1 font-medium text-slate-900">{lesson.title}</span>
                <span className="inline-flex shrink-0 items-center gap-1 text-slate-600">
                  <Clock className="size-3.5" aria-hidden />
                  {formatDuration(lesson.duration_seconds)}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </LockedPreview>
  );
}

export default function CoursePage() {
  const { id = '' } = useParams();
  return (
    <AccessGuard subscriber restrictedText={m.needLogin} preview={<CoursePreviewPanel id={id} />}>
      <CourseDetail id={id} />
    </AccessGuard>
  );
}
