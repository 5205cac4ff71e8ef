import { Download, ExternalLink, HardDrive, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../i18n/messages';
import { formatDate, formatMegabytes } from '../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { PageSpinner } from '@clima/web-kit/spinner';
import { removeOfflineVideo, type OfflineVideo } from '../../shared/offline-videos/offline-videos';
import { useOfflineVideos, useOfflineVideoUsage } from '../../shared/offline-videos/use-offline-videos';
import { FileVideoPlayer } from '../../shared/ui/file-video-player';

const m = messages.downloads;

function SavedVideo({ video, onRemoved }: { video: OfflineVideo; onRemoved: (title: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="saved-video">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="wrap-anywhere text-base font-semibold text-slate-900">{video.title}</h2>
          <p className="text-sm text-slate-600">
            {formatMegabytes(video.bytes)} · {m.savedOn(formatDate(video.saved_at))}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!open && (
            <button type="button" className={`${buttonStyles.primary} min-h-11`} onClick={() => setOpen(true)} aria-label={m.watch(video.title)}>
              <Download className="size-4 rotate-180" aria-hidden />
              {messages.player.play}
            </button>
          )}
          <button
            type="button"
            className={`${buttonStyles.secondary} min-h-11`}
            aria-label={m.removeOf(video.title)}
            onClick={() => void removeOfflineVideo(video.name).then(() => onRemoved(video.title))}
          >
            <Trash2 className="size-4" aria-hidden />
            {m.remove}
          </button>
        </div>
      </div>
      {open && <FileVideoPlayer src={video.url} captions={video.captions} title={video.title} className="aspect-video w-full rounded-2xl" />}
      <Link to={video.page} className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-sky-800 underline underline-offset-2">
        <ExternalLink className="size-4" aria-hidden />
        {m.openOnline}
      </Link>
    </li>
  );
}

/** 'Meus downloads' (issue 28): the videos kept on this device, the space they use, removing each. */
export default function DownloadsPage() {
  const list = useOfflineVideos();
  const usage = useOfflineVideoUsage();
  const [announce, setAnnounce] = useState('');
  const onRemoved = (title: string) => setAnnounce(m.removed(title));
  if (!list.settled) return <PageSpinner label={messages.common.loading} />;
  const videos = list.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{m.title}</h1>
        <p className="text-slate-600">{m.intro}</p>
        {usage && (
          <p className="inline-flex items-center gap-2 text-sm font-medium text-slate-700" data-testid="downloads-usage">
            <HardDrive className="size-4" aria-hidden />
            {usage.estimate
              ? m.usedOfQuota(formatMegabytes(usage.bytes), formatMegabytes(Math.max(0, usage.estimate.quota - usage.estimate.usage)))
              : m.used(formatMegabytes(usage.bytes))}
          </p>
        )}
      </div>
      {videos.length === 0 ? (
        <EmptyState icon={Download} title={m.empty} description={m.emptyHint} />
      ) : (
        <ul className="space-y-4" aria-label={m.list}>
          {videos.map((video) => (
            <SavedVideo key={video.name} video={video} onRemoved={onRemoved} />
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600">{m.storageNote}</p>
      <p role="status" className="sr-only">
        {announce}
      </p>
    </div>
  );
}
