import { zodResolver } from '@hookform/resolvers/zod';
import type { VideoOrientation } from '@clima/contract/common';
import { CourseCreateBody, type Course } from '@clima/contract/courses';
import { parseHostedVideo } from '@clima/contract/video';
import { CheckCircle2, FileVideo, Link2, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { Spinner } from '@clima/web-kit/spinner';
import { useVideoUpload } from '../../../shared/hooks/use-video-upload';
import { useCourseCategories } from '../../course-categories/hooks/use-course-categories';
import { PublishingNote } from '../../../shared/ui/form-dialog';
import { useSaveNotice } from '../../../shared/ui/save-notice';
import { useSaveCourse, useToggleCoursePublished } from '../hooks/use-admin-courses';

const m = messages.courses;

type Values = {
  title: string;
  description: string;
  course_category_id: string;
  cover_image_url: string;
  video_url: string;
  video_file_url: string;
  video_orientation: VideoOrientation;
  is_published: boolean;
};
const resolver = zodResolver(CourseCreateBody) as unknown as Resolver<Values>;

function valuesOf(course: Course | null): Values {
  return {
    title: course?.title ?? '',
    description: course?.description ?? '',
    course_category_id: course?.course_category_id ? String(course.course_category_id) : '',
    cover_image_url: course?.cover_image_url ?? '',
    video_url: course?.video_url ?? '',
    video_file_url: course?.video_file_url ?? '',
    video_orientation: course?.video_orientation ?? 'horizontal',
    // The new course form defaults to published (spec section 4).
    is_published: course ? course.is_published === 1 : true,
  };
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint: boolean, error: unknown) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/**
 * The course fields of spec 7.3; `onSaved` receives the saved course. Mounted once per course (keyed by
 * its id), so a refetch of the course never wipes what is being typed.
 */
export function CourseForm({ course, onSaved }: { course: Course | null; onSaved: (course: Course) => void }) {
  const save = useSaveCourse();
  const categories = useCourseCategories('', true);
  const [mode, setMode] = useState<'url' | 'file'>(course?.video_file_url && !course.video_url ? 'file' : 'url');
  const [serverError, setServerError] = useState<string | null>(null);
  const notice = useSaveNotice();
  const toggle = useToggleCoursePublished();
  const fileInput = useRef<HTMLInputElement>(null);
  const uid = useId();
  const ids = {
    title: `${uid}-title`,
    description: `${uid}-description`,
    category: `${uid}-category`,
    cover: `${uid}-cover`,
    videoUrl: `${uid}-video-url`,
    file: `${uid}-file`,
    published: `${uid}-published`,
  };
  const { register, handleSubmit, setValue, control, formState } = useForm<Values>({ defaultValues: valuesOf(course), resolver });
  const errors = formState.errors;
  const videoUrl = useWatch({ control, name: 'video_url' });
  const videoFileUrl = useWatch({ control, name: 'video_file_url' });
  // Controlled, so the course's category shows even when the options arrive after the form.
  const categoryId = useWatch({ control, name: 'course_category_id' });
  const hosted = parseHostedVideo(videoUrl);
  const isPublished = useWatch({ control, name: 'is_published' });

  const upload = useVideoUpload((url) => {
    setValue('video_file_url', url, { shouldDirty: true });
    // Uploading a file clears the embed code (spec section 4).
    setValue('video_url', '', { shouldDirty: true });
  });
  const uploading = upload.uploading;
  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (file) upload.start(file);
  };

  const onValid = async (values: Values) => {
    setServerError(null);
    // Only the chosen video source is sent; the other one is cleared (spec section 4).
    const body = {
      ...(values as unknown as CourseCreateBody),
      video_url: mode === 'url' ? (values.video_url as string | null) : null,
      video_file_url: mode === 'file' ? (values.video_file_url as string | null) : null,
    } satisfies CourseCreateBody;
    try {
      const result = await save.mutateAsync({ id: course?.id ?? null, body });
      const published = result.is_published === 1;
      notice.show({
        title: course ? m.updatedTitle : m.createdTitle,
        text: `${published ? m.savedPublished : m.savedDraft}${course ? '' : ` ${m.addLessonsNext}`}`,
        published,
        publish: () => toggle.mutateAsync(result),
        siteUrl: `/course/${result.id}`,
      });
      onSaved(result);
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : m.saveFailed);
    }
  };

  const busy = save.isPending || uploading;
  const modeButton = (value: 'url' | 'file', label: string, Icon: typeof Link2) => (
    <button
      type="button"
      role="radio"
      aria-checked={mode === value}
      onClick={() => setMode(value)}
      className={`inline-flex min-h-11 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg px-2 py-2 text-center text-sm font-semibold transition-colors ${
        mode === value ? 'bg-white text-sky-800 shadow-sm ring-1 ring-slate-200' : 'text-slate-700 hover:text-slate-900'
      }`}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </button>
  );

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-5" aria-label={m.details}>
      <Field id={ids.title} label={m.fieldTitle} error={errors.title?.message}>
        <input
          id={ids.title}
          autoComplete="off"
          aria-invalid={Boolean(errors.title)}
          aria-describedby={describedBy(ids.title, false, errors.title)}
          className={inputStyles}
          {...register('title')}
        />
      </Field>
      <Field id={ids.description} label={m.fieldDescription} error={errors.description?.message}>
        <textarea
          id={ids.description}
          rows={4}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy(ids.description, false, errors.description)}
          className={inputStyles}
          {...register('description')}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-1 2xl:grid-cols-2">
        <Field id={ids.category} label={m.fieldCategory} error={errors.course_category_id?.message}>
          <select
            id={ids.category}
            aria-invalid={Boolean(errors.course_category_id)}
            aria-describedby={describedBy(ids.category, false, errors.course_category_id)}
            className={inputStyles}
            {...register('course_category_id')}
            value={categoryId}
          >
            <option value="">{m.noCategory}</option>
            {(categories.data ?? []).map((cat) => (
              <option key={cat.id} value={String(cat.id)}>
                {cat.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.cover} label={m.fieldCover} error={errors.cover_image_url?.message}>
          <input
            id={ids.cover}
            type="url"
            inputMode="url"
            placeholder={m.coverPlaceholder}
            aria-invalid={Boolean(errors.cover_image_url)}
            aria-describedby={describedBy(ids.cover, false, errors.cover_image_url)}
            className={inputStyles}
            {...register('cover_image_url')}
          />
        </Field>
      </div>

      <fieldset className="min-w-0 space-y-3 rounded-2xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">{m.videoSource}</legend>
        <p className="-mt-1 text-xs text-slate-600">{m.videoSourceHint}</p>
        <div role="radiogroup" aria-label={m.videoSource} className="flex gap-1 rounded-xl bg-slate-100 p-1">
          {modeButton('url', m.modeUrl, Link2)}
          {modeButton('file', m.modeFile, Upload)}
        </div>
        {mode === 'url' ? (
          <Field id={ids.videoUrl} label={m.videoUrl} error={errors.video_url?.message}>
            <textarea
              id={ids.videoUrl}
              rows={2}
              placeholder={m.videoUrlPlaceholder}
              spellCheck={false}
              aria-invalid={Boolean(errors.video_url)}
              aria-describedby={describedBy(ids.videoUrl, false, errors.video_url)}
              className={`${inputStyles} font-mono text-xs`}
              {...register('video_url')}
            />
            {videoUrl?.trim() && (
              <p className={`mt-1.5 flex items-center gap-1.5 text-xs ${hosted ? 'text-emerald-700' : 'text-amber-700'}`}>
                {hosted && <CheckCircle2 className="size-3.5" aria-hidden />}
                {hosted ? m.recognized(m.providers[hosted.provider]) : m.notRecognized}
              </p>
            )}
          </Field>
        ) : (
          <div className="space-y-2">
            {videoFileUrl ? (
              <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
                <FileVideo className="size-5 shrink-0 text-sky-700" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="text-xs font-semibold text-slate-700">{m.currentFile}</p>
                  <p className="wrap-anywhere font-mono text-xs text-slate-600">{videoFileUrl}</p>
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
              disabled={uploading}
              onChange={(event) => onFile(event.target.files?.[0])}
            />
            <label
              htmlFor={ids.file}
              className={`${buttonStyles.secondary} w-full cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-700 ${uploading ? 'pointer-events-none opacity-60' : ''}`}
            >
              {uploading ? <Spinner size="sm" /> : <Upload className="size-4" aria-hidden />}
              {uploading ? `${m.uploading} ${Math.round(upload.progress * 100)}%` : m.chooseFile}
            </label>
            <p className="text-xs text-slate-600">{m.fileHint}</p>
            <p className="sr-only" role="status">
              {uploading ? `${m.uploading} ${Math.floor(upload.progress * 10) * 10}%` : ''}
            </p>
            {errors.video_file_url?.message && <p className="text-sm text-red-700">{errors.video_file_url.message}</p>}
            {upload.error && <Alert tone="error">{upload.error}</Alert>}
          </div>
        )}
        <div role="radiogroup" aria-label={m.orientation} className="pt-1">
          <p className="mb-1.5 text-sm font-medium text-slate-700">{m.orientation}</p>
          <div className="grid grid-cols-2 gap-2">
            {(['horizontal', 'vertical'] as const).map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3.5 py-3 text-sm font-medium text-slate-700 has-[:checked]:border-sky-500 has-[:checked]:bg-sky-50 has-[:checked]:text-sky-800"
              >
                <input type="radio" value={value} className="size-4 accent-sky-600" {...register('video_orientation')} />
                {m[value]}
              </label>
            ))}
          </div>
        </div>
      </fieldset>

      <label htmlFor={ids.published} className="flex cursor-pointer items-start gap-3 rounded-2xl border border-slate-200 p-4">
        <input id={ids.published} type="checkbox" className="mt-0.5 size-4 accent-sky-600" {...register('is_published')} />
        <span>
          <span className="block text-sm font-semibold text-slate-800">{m.publishedField}</span>
          <span className="block text-xs text-slate-600">{m.publishedHint}</span>
        </span>
      </label>

      {serverError && <Alert tone="error">{serverError}</Alert>}
      <PublishingNote>{messages.publishing.course(isPublished)}</PublishingNote>
      <div className="flex justify-end">
        <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full sm:w-auto`}>
          {save.isPending ? m.saving : course ? m.submitEdit : m.submitCreate}
        </button>
      </div>
    </form>
  );
}
