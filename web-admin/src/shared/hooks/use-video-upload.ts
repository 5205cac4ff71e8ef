import { MAX_VIDEO_BYTES, VideoUploadAnswer, videoTooLargeMessage } from '@clima/contract/catalog';
import { answerError, uploadFile } from '@clima/web-kit/upload-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';

const m = messages.contents;
const VIDEO_NAME = /\.(?:mp4|m4v|webm|mov|mkv)$/i;

/** Only video files (by type, or by name when the browser gives no type); the server checks the bytes. */
export const isVideoFile = (file: File) => file.type.startsWith('video/') || (file.type === '' && VIDEO_NAME.test(file.name));

/** The checks of spec section 5 before anything is sent: '' when the file may be uploaded. */
export function checkVideoFile(file: File): string {
  if (!isVideoFile(file)) return m.wrongType;
  if (file.size > MAX_VIDEO_BYTES) return videoTooLargeMessage(MAX_VIDEO_BYTES);
  return '';
}

export interface VideoUpload {
  uploading: boolean;
  /** 0..1 while uploading. */
  progress: number;
  error: string;
  fileName: string;
  start: (file: File) => void;
  cancel: () => void;
  reset: () => void;
}

/**
 * POST /api/admin/upload-video (multipart field `video`). Resolves with the answer (`url`, and the duration
 * the server read from the file); a refusal
 * (400, 413) rejects with the server's text, anything else with 'Erro ao fazer upload do vídeo. Tente novamente.'.
 */
export async function uploadVideo(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<VideoUploadAnswer> {
  let answer;
  try {
    answer = await uploadFile({ url: '/api/admin/upload-video', field: 'video', file, onProgress, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new Error(m.uploadFailed, { cause: err });
  }
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    const parsed = VideoUploadAnswer.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new Error(m.uploadFailed);
  }
  throw new Error(status === 400 || status === 413 ? answerError(body) || m.uploadFailed : m.uploadFailed);
}

/**
 * Uploads one video at a time (the content, course and lesson forms) with progress; `onUploaded` gets the stored
 * file's URL and its duration in seconds as the server read it from the file (null when unreadable).
 */
export function useVideoUpload(onUploaded: (url: string, durationSeconds: number | null) => void): VideoUpload {
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState('');
  const [fileName, setFileName] = useState('');
  const controller = useRef<AbortController | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setUploading(false);
    setProgress(0);
  }, []);

  const reset = useCallback(() => {
    cancel();
    setError('');
    setFileName('');
  }, [cancel]);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (file: File) => {
      cancel();
      const problem = checkVideoFile(file);
      setError(problem);
      if (problem) return;
      const abort = new AbortController();
      controller.current = abort;
      setFileName(file.name);
      setUploading(true);
      setProgress(0);
      uploadVideo(file, setProgress, abort.signal)
        .then(({ url, duration_seconds }) => {
          if (abort.signal.aborted) return;
          setProgress(1);
          onUploadedRef.current(url, duration_seconds);
        })
        .catch((err: unknown) => {
          if (abort.signal.aborted) return;
          console.error(m.logs.upload, err);
          setError(err instanceof Error && err.message ? err.message : m.uploadFailed);
          setFileName('');
        })
        .finally(() => {
          if (controller.current === abort) {
            controller.current = null;
            setUploading(false);
          }
        });
    },
    [cancel],
  );

  return { uploading, progress, error, fileName, start, cancel, reset };
}
