import { resolveVideoSource } from '@clima/contract/video';
import { VideoOff } from 'lucide-react';
import { messages } from '../../i18n/messages';
import { FileVideoPlayer } from './file-video-player';

const m = messages.player;

/** Horizontal 16:9 across the column; vertical 9:16 centred, as tall as the screen allows. */
export function videoFrameClass(orientation: 'horizontal' | 'vertical' | null | undefined): string {
  return orientation === 'vertical'
    ? 'mx-auto aspect-[9/16] h-[min(75vh,40rem)] max-w-full rounded-2xl'
    : 'aspect-video w-full rounded-2xl';
}

/**
 * The video of a content or lesson (spec section 4): an allowed hosted video (YouTube, Vimeo) in
 * its own player, built from the parsed id; otherwise the uploaded file in our player; otherwise
 * 'Vídeo não disponível'. The admin's embed text itself never reaches the page.
 */
export function VideoPlayer({
  videoUrl,
  fileUrl,
  title,
  orientation,
  onLoad,
}: {
  videoUrl?: string | null;
  fileUrl?: string | null;
  title: string;
  orientation?: 'horizontal' | 'vertical' | null;
  /** Called when a hosted video's frame has loaded. */
  onLoad?: () => void;
}) {
  const frame = videoFrameClass(orientation);
  const source = resolveVideoSource({ video_url: videoUrl, video_file_url: fileUrl });

  if (source.kind === 'hosted') {
    return (
      <div className={`overflow-hidden bg-slate-900 shadow-sm ${frame}`}>
        <iframe
          className="size-full"
          src={source.video.embedUrl}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={onLoad}
        />
      </div>
    );
  }
  if (source.kind === 'file') {
    return <FileVideoPlayer key={source.url} src={source.url} title={title} className={`shadow-sm ${frame}`} />;
  }
  return (
    <div className={`grid place-items-center bg-gradient-to-br from-slate-800 to-slate-900 text-slate-300 ${frame}`}>
      <p className="flex flex-col items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-white/10">
          <VideoOff className="size-7" aria-hidden />
        </span>
        <span className="font-medium">{m.unavailable}</span>
      </p>
    </div>
  );
}
