import { CheckCircle2, Download, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { formatMegabytes } from '../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { type OfflineVideo, removeOfflineVideo, requestPersistentStorage, saveOfflineVideo } from '../offline-videos/offline-videos';

const m = messages.downloads;

/** The step, in percent, at which the progress is announced to screen readers (not every byte). */
const ANNOUNCE_STEP = 25;

/**
 * 'Baixar para assistir offline' under the player of an uploaded video (issue 28): the size first, then the
 * 360p MP4 (and the captions) into the device, with its progress shown and announced; once saved,
 * 'Remover download'.
 */
export function OfflineDownload({
  owner,
  video,
  copy,
}: {
  owner: string;
  video: Omit<OfflineVideo, 'saved_at'>;
  /** The copy already kept, or null. */
  copy: OfflineVideo | null;
}) {
  const [received, setReceived] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const [failed, setFailed] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const announced = useRef(0);

  useEffect(() => () => abort.current?.abort(), []);

  const percent = received === null ? 0 : Math.min(100, Math.floor((received / Math.max(1, video.bytes)) * 100));

  const start = async () => {
    setFailed(false);
    setReceived(0);
    announced.current = 0;
    setAnnounce(m.downloading(0));
    const controller = new AbortController();
    abort.current = controller;
    // asked at the user's gesture: the browser may keep the copies even under storage pressure
    void requestPersistentStorage();
    try {
      await saveOfflineVideo(
        owner,
        video,
        (bytes) => {
          setReceived(bytes);
          const step = Math.floor(Math.min(100, (bytes / Math.max(1, video.bytes)) * 100) / ANNOUNCE_STEP) * ANNOUNCE_STEP;
          if (step > announced.current && step < 100) {
            announced.current = step;
            setAnnounce(m.downloading(step));
          }
        },
        controller.signal,
      );
      setAnnounce(m.savedAnnounce(video.title));
    } catch {
      if (!controller.signal.aborted) {
        setFailed(true);
        setAnnounce('');
      }
      await removeOfflineVideo(video.name).catch(() => undefined);
    } finally {
      abort.current = null;
      setReceived(null);
    }
  };

  const remove = async () => {
    await removeOfflineVideo(video.name);
    setAnnounce(m.removed(video.title));
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white p-3 text-sm text-slate-700" data-testid="offline-download">
      {received !== null ? (
        <div className="flex w-full flex-wrap items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="mb-1 font-medium">{m.downloading(percent)}</p>
            <progress className="h-2 w-full accent-sky-700" max={100} value={percent} aria-label={m.progress} />
          </div>
          <button type="button" className={`${buttonStyles.secondary} min-h-11`} onClick={() => abort.current?.abort()}>
            <X className="size-4" aria-hidden />
            {m.cancel}
          </button>
        </div>
      ) : copy ? (
        <>
          <p className="inline-flex items-center gap-2 font-medium text-emerald-800">
            <CheckCircle2 className="size-5" aria-hidden />
            {m.saved} · {formatMegabytes(copy.bytes)}
          </p>
          <button type="button" className={`${buttonStyles.secondary} min-h-11`} onClick={() => void remove()}>
            <Trash2 className="size-4" aria-hidden />
            {m.remove}
          </button>
        </>
      ) : (
        <>
          <button type="button" className={`${buttonStyles.primary} min-h-11`} onClick={() => void start()}>
            <Download className="size-4" aria-hidden />
            {m.download}
          </button>
          <span className="text-slate-600">{m.size(formatMegabytes(video.bytes))}</span>
        </>
      )}
      {failed && (
        <p role="alert" className="w-full text-red-700">
          {m.failed}
        </p>
      )}
      <p role="status" className="sr-only">
        {announce}
      </p>
    </div>
  );
}
