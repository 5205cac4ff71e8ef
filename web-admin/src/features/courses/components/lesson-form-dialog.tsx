import { zodResolver } from '@hookform/resolvers/zod';
import { LessonCreateBody, parseYouTubeId, type CourseLesson } from '@clima/contract/courses';
import { CheckCircle2, FileVideo, Upload, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { DialogForm, FormDialog, PublishingNote, useSaveError } from '../../../shared/ui/form-dialog';
import { Spinner } from '@clima/web-kit/spinner';
import { useVideoUpload } from '../../../shared/hooks/use-video-upload';
import { UploadedVideoExtras } from '../../../shared/video/uploaded-video-extras';
import { useSaveLesson } from '../hooks/use-lessons';

const m = messages.courses;
type Values = { title: string; description: string; youtube_video_id: string; video_file_url: string; duration_seconds: string };
const resolver = zodResolver(LessonCreateBody) as unknown as Resolver<Values>;

/** 754 → '12:34'; 3900 → '1:05:00'. */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(min)}:${pad(s)}` : `${min}:${pad(s)}`;
}

function valuesOf(lesson: CourseLesson | null): Values {
  return {
    title: lesson?.title ?? '',
    description: lesson?.description ?? '',
    youtube_video_id: lesson?.youtube_video_id ?? '',
    video_file_url: lesson?.video_file_url ?? '',
    duration_seconds: lesson ? formatClock(lesson.duration_seconds) : '',
  };
}

/** Add ('new') or edit a lesson of a course: title, description, YouTube id or link, duration (mm:ss or h:mm:ss). */
export function LessonFormDialog({
  courseId,
  target,
  onClose,
}: {
  courseId: number;
  target: CourseLesson | 'new' | null;
  onClose: () => void;
}) {
  const save = useSaveLesson(courseId);
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <FormDialog open={target !== null} onClose={onClose} title={editing ? m.lessonEditTitle : m.lessonCreateTitle} pending={save.isPending} size="lg">
      {/* A fresh form for every opening: it starts from the lesson's values, never from the last one. */}
      <LessonForm key={editing?.id ?? 'new'} lesson={editing} save={save} onClose={onClose} />
    </FormDialog>
  );
}

function LessonForm({ lesson, save, onClose }: { lesson: CourseLesson | null; save: ReturnType<typeof useSaveLesson>; onClose: () => void }) {
  const { error: saveError, attempt } = useSaveError(m.lessonSaveFailed);
  const uid = useId();
  const ids = { title: `${uid}-t`, description: `${uid}-d`, video: `${uid}-v`, file: `${uid}-f`, duration: `${uid}-du` };
  const { register, handleSubmit, control, formState, setValue } = useForm<Values>({ defaultValues: valuesOf(lesson), resolver });
  const errors = formState.errors;
  const video = useWatch({ control, name: 'youtube_video_id' });
  const fileUrl = useWatch({ control, name: 'video_file_url' });
  const parsedId = video?.trim() ? parseYouTubeId(video) : null;
  const fileInput = useRef<HTMLInputElement>(null);
  // the duration of an uploaded video is read from the file by the server, not typed
  const upload = useVideoUpload((url, seconds) => {
    setValue('video_file_url', url, { shouldDirty: true });
    if (seconds) setValue('duration_seconds', formatClock(seconds), { shouldDirty: true, shouldValidate: true });
  });
  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (file) upload.start(file);
  };

  const onValid = (values: Values) =>
    attempt(async () => {
      // The resolver has turned the link into the id and the duration into seconds.
      await save.mutateAsync({ id: lesson?.id ?? null, body: values as unknown as LessonCreateBody });
      onClose();
    });

  const error = (id: string, message?: string) =>
    message ? (
      <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
        {message}
      </p>
    ) : null;

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      pending={save.isPending}
      busy={upload.uploading}
      submitLabel={lesson ? m.lessonSubmitEdit : m.lessonSubmitCreate}
      pendingLabel={m.saving}
      error={saveError}
      publishing={<PublishingNote>{messages.publishing.lesson}</PublishingNote>}
    >
      <div>
        <label htmlFor={ids.title} className={labelStyles}>
          {m.lessonTitle}
        </label>
        <input
          id={ids.title}
          autoComplete="off"
          aria-invalid={Boolean(errors.title)}
          aria-describedby={errors.title ? `${ids.title}-error` : undefined}
          className={inputStyles}
          {...register('title')}
        />
        {error(ids.title, errors.title?.message)}
      </div>
      <div>
        <label htmlFor={ids.description} className={labelStyles}>
          {m.lessonDescription}
        </label>
        <textarea
          id={ids.description}
          rows={3}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={errors.description ? `${ids.description}-error` : undefined}
          className={inputStyles}
          {...register('description')}
        />
        {error(ids.description, errors.description?.message)}
      </div>
      <div>
        <label htmlFor={ids.video} className={labelStyles}>
          {m.lessonVideo}
        </label>
        <input
          id={ids.video}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={m.lessonVideoPlaceholder}
          aria-invalid={Boolean(errors.youtube_video_id)}
          aria-describedby={errors.youtube_video_id ? `${ids.video}-error` : undefined}
          className={`${inputStyles} font-mono text-xs`}
          {...register('youtube_video_id')}
        />
        {parsedId && !errors.youtube_video_id && (
          <p className="mt-1.5 flex items-center gap-1.5 text-xs text-emerald-700">
            <CheckCircle2 className="size-3.5" aria-hidden />
            {m.lessonVideoId(parsedId)}
          </p>
        )}
        {error(ids.video, errors.youtube_video_id?.message)}
      </div>
      <div className="space-y-2">
        <p className={labelStyles}>{m.lessonFile}</p>
        {fileUrl ? (
          <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <FileVideo className="size-5 shrink-0 text-sky-700" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold text-slate-700">{m.currentFile}</p>
              <p className="wrap-anywhere font-mono text-xs text-slate-600">{fileUrl}</p>
            </div>
            <button
              type="button"
              onClick={() => setValue('video_file_url', '', { shouldDirty: true })}
              aria-label={m.removeFile}
              title={m.removeFile}
              className="grid size-11 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ) : null}
        <input
          ref={fileInput}
          id={ids.file}
          type="file"
          accept="video/mp4,video/webm,video/quicktime,video/*"
          className="peer sr-only"
          disabled={upload.uploading}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <label htmlFor={ids.file} className={`${buttonStyles.secondary} w-full cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-700 ${upload.uploading ? 'pointer-events-none opacity-60' : ''}`}>
          {upload.uploading ? <Spinner size="sm" /> : <Upload className="size-4" aria-hidden />}
          {upload.uploading ? `${m.uploading} ${Math.round(upload.progress * 100)}%` : m.chooseFile}
        </label>
        <p className="text-xs text-slate-600">{m.lessonFileHint}</p>
        <UploadedVideoExtras url={fileUrl} />
        <p className="sr-only" role="status">
          {upload.uploading ? `${m.uploading} ${Math.floor(upload.progress * 10) * 10}%` : ''}
        </p>
        {errors.video_file_url?.message && <p className="text-sm text-red-600">{errors.video_file_url.message}</p>}
        {upload.error && <Alert tone="error">{upload.error}</Alert>}
      </div>
      <div>
        <label htmlFor={ids.duration} className={labelStyles}>
          {m.lessonDuration}
        </label>
        <input
          id={ids.duration}
          inputMode="numeric"
          autoComplete="off"
          placeholder={m.lessonDurationPlaceholder}
          aria-invalid={Boolean(errors.duration_seconds)}
          aria-describedby={`${ids.duration}-hint${errors.duration_seconds ? ` ${ids.duration}-error` : ''}`}
          className={`${inputStyles} sm:w-40`}
          {...register('duration_seconds')}
        />
        <p id={`${ids.duration}-hint`} className="mt-1.5 text-xs text-slate-600">
          {m.lessonDurationHint}
        </p>
        {error(ids.duration, errors.duration_seconds?.message)}
      </div>
    </DialogForm>
  );
}
