import type { VideoProcessing } from '@clima/contract/video-streams';
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { messages } from '../../i18n/messages';

const m = messages.videos;

/**
 * Where the conversion of an uploaded video stands: 'Processando vídeo… N%', 'Falha' (the original still plays)
 * or ready with its rungs. `compact` for the cards of the lists, the full text in the forms.
 */
export function VideoProcessingStatus({ video, compact = false }: { video: VideoProcessing | undefined; compact?: boolean }) {
  if (!video) return null;
  if (video.status === 'pending' || video.status === 'processing') {
    const percent = video.status === 'pending' ? 0 : video.percent;
    return (
      <span role="status" className="inline-flex items-center gap-1.5 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200" data-testid="video-processing">
        <Loader2 className="size-3.5 motion-safe:animate-spin" aria-hidden />
        {m.processing(percent)}
      </span>
    );
  }
  if (video.status === 'failed') {
    return (
      <span className={compact ? 'inline-flex' : 'flex flex-col gap-1'} data-testid="video-processing">
        <span
          title={video.error ?? undefined}
          className="inline-flex w-fit items-center gap-1.5 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200"
        >
          <AlertTriangle className="size-3.5" aria-hidden />
          {m.failed}
          {compact && <span className="sr-only">: {m.failedDetail(video.error)}</span>}
        </span>
        {!compact && <span className="text-xs text-red-800">{m.failedDetail(video.error)}</span>}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200" data-testid="video-processing">
      <CheckCircle2 className="size-3.5" aria-hidden />
      {m.ready(video.renditions)}
    </span>
  );
}
