import { VideoOff } from 'lucide-react';
import { messages } from '../../i18n/messages';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/**
 * The hosted-video id of an embed snippet or link: an iframe whose src has /embed/ID, a watch URL
 * (v=ID) or a short youtu.be/ID link. Anything else is never embedded (no raw HTML is injected).
 */
export function youtubeId(source: string | null | undefined): string | null {
  if (!source) return null;
  const text = source.trim();
  const src = /^<iframe\b/i.test(text) ? /\bsrc=["']([^"']+)["']/i.exec(text)?.[1] : text;
  if (!src) return null;
  try {
    const url = new URL(src, 'https://www.youtube.com');
    const host = url.hostname.replace(/^www\./, '');
    let id: string | null | undefined = null;
    if (host === 'youtu.be') id = url.pathname.slice(1);
    else if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'm.youtube.com') {
      id = url.pathname.startsWith('/embed/') ? url.pathname.split('/')[2] : url.searchParams.get('v');
    }
    return id && YOUTUBE_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

export function VideoEmbed({
  videoId,
  fileUrl,
  title,
  vertical = false,
  onLoad,
}: {
  videoId: string | null;
  fileUrl?: string | null;
  title: string;
  vertical?: boolean;
  onLoad?: () => void;
}) {
  const frame = `overflow-hidden rounded-2xl bg-slate-900 ${vertical ? 'mx-auto aspect-[9/16] max-h-[80vh]' : 'aspect-video w-full'}`;
  if (videoId) {
    return (
      <div className={frame}>
        <iframe
          className="size-full"
          src={`https://www.youtube-nocookie.com/embed/${videoId}?rel=0`}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          onLoad={onLoad}
        />
      </div>
    );
  }
  if (fileUrl) {
    return (
      <div className={frame}>
        <video className="size-full" src={fileUrl} controls preload="metadata" title={title} />
      </div>
    );
  }
  return (
    <div className={`${frame} grid place-items-center text-slate-300`}>
      <p className="flex items-center gap-2">
        <VideoOff className="size-5" aria-hidden />
        {messages.courses.videoUnavailable}
      </p>
    </div>
  );
}
