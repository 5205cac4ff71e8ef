import { parseHostedVideo } from '@clima/contract/video';
import { CheckCircle2, FileVideo, Link2, RefreshCw, Trash2, UploadCloud, X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import type { VideoUpload } from '../../../shared/hooks/use-video-upload';
import type { VideoSourceMode } from './content-form-schema';
import { UploadedVideoExtras } from '../../../shared/video/uploaded-video-extras';

const m = messages.contents;

function ModeTab({ active, onSelect, icon, children }: { active: boolean; onSelect: () => void; icon: ReactNode; children: string }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={active}
      onClick={onSelect}
      className={`flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-sky-600 ${
        active ? 'bg-white text-sky-700 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900'
      }`}
    >
      {icon}
      {children}
    </button>
  );
}

/** Last part of an uploaded file's URL, for display. */
const fileNameOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);

/**
 * The content's video (spec section 4): an embed code or link of a hosted-video service, or an
 * uploaded file (MP4, WebM, MOV up to 500 MB) sent with progress.
 */
export function VideoSourceField({
  mode,
  onModeChange,
  videoUrl,
  videoUrlField,
  videoUrlError,
  fileUrl,
  onRemoveFile,
  upload,
}: {
  mode: VideoSourceMode;
  onModeChange: (mode: VideoSourceMode) => void;
  videoUrl: string;
  videoUrlField: UseFormRegisterReturn<'video_url'>;
  videoUrlError?: string;
  fileUrl: string;
  onRemoveFile: () => void;
  upload: VideoUpload;
}) {
  const ids = { group: useId(), url: useId(), urlHint: useId(), file: useId(), fileHint: useId() };
  const fileInput = useRef<HTMLInputElement>(null);
  const [brokenThumbnail, setBrokenThumbnail] = useState<string | null>(null);
  const hosted = parseHostedVideo(videoUrl);
  const percent = Math.round(upload.progress * 100);

  const pick = () => fileInput.current?.click();

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend id={ids.group} className={labelStyles}>
        {m.videoSource}
      </legend>
      <div role="radiogroup" aria-labelledby={ids.group} className="flex gap-1 rounded-xl bg-slate-100 p-1">
        <ModeTab active={mode === 'url'} onSelect={() => onModeChange('url')} icon={<Link2 className="size-4" aria-hidden />}>
          {m.modeUrl}
        </ModeTab>
        <ModeTab active={mode === 'file'} onSelect={() => onModeChange('file')} icon={<UploadCloud className="size-4" aria-hidden />}>
          {m.modeFile}
        </ModeTab>
      </div>

      {mode === 'url' ? (
        <div>
          <label htmlFor={ids.url} className="sr-only">
            {m.videoUrl}
          </label>
          <textarea
            id={ids.url}
            rows={3}
            placeholder={m.videoUrlPlaceholder}
            aria-describedby={ids.urlHint}
            aria-invalid={Boolean(videoUrlError)}
            spellCheck={false}
            className={`${inputStyles} font-mono text-xs`}
            {...videoUrlField}
          />
          <p id={ids.urlHint} className="mt-1.5 text-xs text-slate-500">
            {m.videoUrlHint}
          </p>
          {videoUrl.trim() !== '' && !videoUrlError && (
            <div className="mt-3">
              {hosted ? (
                <div className="flex items-center gap-3 rounded-xl bg-emerald-50 p-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200">
                  {hosted.thumbnailUrl && brokenThumbnail !== hosted.thumbnailUrl ? (
                    <img
                      src={hosted.thumbnailUrl}
                      alt=""
                      onError={() => setBrokenThumbnail(hosted.thumbnailUrl)}
                      className="h-12 w-20 shrink-0 rounded-lg bg-slate-200 object-cover"
                    />
                  ) : (
                    <FileVideo className="size-5 shrink-0" aria-hidden />
                  )}
                  <span className="inline-flex items-center gap-1.5 font-medium">
                    <CheckCircle2 className="size-4" aria-hidden />
                    {m.recognized(m.providers[hosted.provider])}
                  </span>
                </div>
              ) : (
                <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">{m.notRecognized}</p>
              )}
            </div>
          )}
        </div>
      ) : (
        <div className="space-y-3">
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            accept="video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov"
            aria-label={m.chooseFile}
            aria-describedby={ids.fileHint}
            className="peer sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.start(file);
            }}
          />
          {upload.uploading ? (
            <div className="rounded-xl border border-sky-200 bg-sky-50 p-4">
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0 wrap-anywhere font-medium text-slate-800">{upload.fileName}</span>
                <button type="button" onClick={upload.cancel} className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-slate-600 hover:text-red-600">
                  <X className="size-3.5" aria-hidden />
                  {m.cancelUpload}
                </button>
              </div>
              <div
                className="mt-3 h-2 overflow-hidden rounded-full bg-white"
                role="progressbar"
                aria-label={m.uploadProgress}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div className="h-full rounded-full bg-sky-700 transition-[width]" style={{ width: `${percent}%` }} />
              </div>
              <p className="mt-2 text-xs font-medium text-sky-800" aria-live="polite">
                {m.uploading(percent)}
              </p>
            </div>
          ) : fileUrl ? (
            <div className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3.5">
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-white text-emerald-700">
                <FileVideo className="size-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex items-center gap-1.5 font-semibold text-emerald-800">
                  <CheckCircle2 className="size-4" aria-hidden />
                  {upload.fileName ? m.uploaded : m.currentFile}
                </p>
                <p className="wrap-anywhere text-xs text-emerald-900/80">{upload.fileName || fileNameOf(fileUrl)}</p>
              </div>
              <button type="button" onClick={pick} aria-label={m.replaceFile} title={m.replaceFile} className="grid size-9 place-items-center rounded-lg text-emerald-700 hover:bg-white">
                <RefreshCw className="size-4" aria-hidden />
              </button>
              <button type="button" onClick={onRemoveFile} aria-label={m.removeFile} title={m.removeFile} className="grid size-9 place-items-center rounded-lg text-emerald-700 hover:bg-white hover:text-red-600">
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
          ) : (
            <label
              htmlFor={ids.file}
              className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center transition-colors hover:border-sky-400 hover:bg-sky-50 peer-focus-visible:border-sky-500 peer-focus-visible:ring-2 peer-focus-visible:ring-sky-500/30"
            >
              <UploadCloud className="size-8 text-sky-700" aria-hidden />
              <span className={`${buttonStyles.secondary} pointer-events-none py-2`}>{m.chooseFile}</span>
            </label>
          )}
          <p id={ids.fileHint} className="text-xs text-slate-500">
            {m.fileHint}
          </p>
          {!upload.uploading && <UploadedVideoExtras url={fileUrl} />}
          {upload.error && <Alert tone="error">{upload.error}</Alert>}
        </div>
      )}
    </fieldset>
  );
}
