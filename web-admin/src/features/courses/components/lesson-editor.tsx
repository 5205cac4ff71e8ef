import { formatTotalDuration, type CourseLesson } from '@clima/contract/courses';
import { ArrowDown, ArrowUp, Clock, FileVideo, ListVideo, Pencil, Plus, Trash2, Video, VideoOff } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles } from '@clima/web-kit/button';
import { ListPage } from '@clima/web-kit/list-page';
import { Spinner } from '@clima/web-kit/spinner';
import { useAdminLessons, useDeleteLesson, useReorderLessons } from '../hooks/use-lessons';
import { formatClock, LessonFormDialog } from './lesson-form-dialog';
import { uploadNameOf, useVideoProcessing } from '../../../shared/video/use-video-processing';
import { VideoProcessingStatus } from '../../../shared/video/video-processing-status';

const m = messages.courses;
const iconButton =
  'grid size-9 place-items-center rounded-lg text-slate-500 transition-colors disabled:pointer-events-none disabled:opacity-30';

/** The lessons of a course (product addition, issue 5): add, edit, reorder with up/down, remove. */
export function LessonEditor({ courseId }: { courseId: number }) {
  const lessons = useAdminLessons(courseId);
  const reorder = useReorderLessons(courseId);
  const remove = useDeleteLesson();
  const [formTarget, setFormTarget] = useState<CourseLesson | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CourseLesson | null>(null);
  const list = lessons.data ?? [];
  const total = list.reduce((sum, l) => sum + l.duration_seconds, 0);
  // 'Processando vídeo… N%', 'Falha' or ready beside each uploaded video (issue 28)
  const videos = useVideoProcessing(list.map((l) => l.video_file_url));

  const move = (index: number, delta: -1 | 1) => {
    const next = [...list];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item!);
    reorder.mutate(next);
  };

  return (
    <section className="rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby="lesson-editor-title">
      <ListPage
        header={
          <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <div>
              <h2 id="lesson-editor-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
                <ListVideo className="size-5 text-sky-700" aria-hidden />
                {m.lessonsTitle}
              </h2>
              <p className="text-xs text-slate-500">
                {list.length > 0 ? m.lessonsTotal(list.length, formatTotalDuration(total)) : m.lessonsHint}
              </p>
            </div>
            <button type="button" onClick={() => setFormTarget('new')} className={buttonStyles.primary}>
              <Plus className="size-4" aria-hidden />
              {m.addLesson}
            </button>
          </header>
        }
        loading={lessons.isPending}
        loadingView={
          <div className="grid place-items-center py-10">
            <Spinner label={messages.common.loading} />
          </div>
        }
        items={list}
        notice={
          reorder.isError && (
            <div className="px-3 pt-3">
              <Alert tone="error">{m.reorderFailed}</Alert>
            </div>
          )
        }
        empty={
          <div className="flex flex-col items-center px-4 py-10 text-center">
            <span className="mb-3 grid size-12 place-items-center rounded-full bg-sky-50 text-sky-700">
              <ListVideo className="size-6" aria-hidden />
            </span>
            <p className="font-semibold text-slate-800">{m.lessonsEmpty}</p>
            <p className="mt-1 text-sm text-slate-500">{m.lessonsEmptyHint}</p>
          </div>
        }
        confirmDelete={{
          target: deleting,
          onClose: () => setDeleting(null),
          title: m.lessonDeleteTitle,
          describe: (lesson) => m.lessonDeleteWarning(lesson.title),
          onConfirm: async (lesson) => {
            await remove.mutateAsync(lesson.id);
          },
        }}
      >
        {() => (
          <ol className="space-y-2 p-3" aria-label={m.lessonsTitle}>
            {list.map((lesson, index) => (
              <li
                key={lesson.id}
                className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:border-sky-200"
                data-testid="lesson-row"
              >
                <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-sky-700 text-xs font-bold text-white">
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900" data-testid="lesson-title">
                    {lesson.title}
                  </p>
                  {lesson.description && <p className="line-clamp-2 text-sm text-slate-500">{lesson.description}</p>}
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
                    <span className="inline-flex items-center gap-1">
                      <Clock className="size-3.5" aria-hidden />
                      {formatClock(lesson.duration_seconds)}
                    </span>
                    {lesson.youtube_video_id ? (
                      <span className="inline-flex items-center gap-1 font-mono">
                        <Video className="size-3.5 text-red-700" aria-hidden />
                        {lesson.youtube_video_id}
                      </span>
                    ) : lesson.video_file_url ? (
                      <span className="inline-flex items-center gap-1">
                        <FileVideo className="size-3.5 text-sky-700" aria-hidden />
                        {m.lessonUploaded}
                        <VideoProcessingStatus video={videos.get(uploadNameOf(lesson.video_file_url) ?? '')} compact />
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1 text-amber-700">
                        <VideoOff className="size-3.5" aria-hidden />
                        {m.lessonNoVideo}
                      </span>
                    )}
                  </p>
                </div>
                <div className="grid shrink-0 grid-cols-2 gap-0.5 sm:flex">
                  <button
                    type="button"
                    onClick={() => move(index, -1)}
                    disabled={index === 0 || reorder.isPending}
                    aria-label={m.moveUp(lesson.title)}
                    title={m.moveUp(lesson.title)}
                    className={`${iconButton} hover:bg-slate-100 hover:text-slate-900`}
                  >
                    <ArrowUp className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    onClick={() => move(index, 1)}
                    disabled={index === list.length - 1 || reorder.isPending}
                    aria-label={m.moveDown(lesson.title)}
                    title={m.moveDown(lesson.title)}
                    className={`${iconButton} hover:bg-slate-100 hover:text-slate-900`}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    onClick={() => setFormTarget(lesson)}
                    aria-label={m.lessonEditLabel(lesson.title)}
                    title={messages.common.edit}
                    className={`${iconButton} hover:bg-sky-50 hover:text-sky-700`}
                  >
                    <Pencil className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    onClick={() => setDeleting(lesson)}
                    aria-label={m.lessonDeleteLabel(lesson.title)}
                    title={messages.common.delete}
                    className={`${iconButton} hover:bg-red-50 hover:text-red-600`}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </ListPage>
      <LessonFormDialog courseId={courseId} target={formTarget} onClose={() => setFormTarget(null)} />
    </section>
  );
}
