import type { Content } from '@clima/contract/catalog';
import { parseHostedVideo } from '@clima/contract/video';
import { FileVideo, PlayCircle, VideoOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../i18n/messages';

const m = messages.contents;

function Placeholder({ icon, label, tone }: { icon: ReactNode; label: string; tone: string }) {
  return (
    <div className={`flex size-full flex-col items-center justify-center gap-2 ${tone}`}>
      {icon}
      <span className="text-xs font-semibold">{label}</span>
    </div>
  );
}

/**
 * The card's picture (spec 2.14): the hosted video's still, derived from its link or embed code, or an
 * icon for an uploaded file, a Vimeo video or no video.
 */
export function ContentThumbnail({ content }: { content: Content }) {
  const [broken, setBroken] = useState(false);
  const hosted = parseHostedVideo(content.video_url);
  if (hosted?.thumbnailUrl && !broken) {
    return <img src={hosted.thumbnailUrl} alt="" loading="lazy" onError={() => setBroken(true)} className="size-full object-cover" />;
  }
  if (hosted) {
    return <Placeholder icon={<PlayCircle className="size-9" aria-hidden />} label={hosted.provider === 'vimeo' ? m.vimeo : m.providers.youtube} tone="bg-gradient-to-br from-sky-800 to-cyan-600 text-white" />;
  }
  if (content.video_file_url) {
    return <Placeholder icon={<FileVideo className="size-9" aria-hidden />} label={m.uploadedFile} tone="bg-gradient-to-br from-slate-800 to-slate-600 text-white" />;
  }
  return <Placeholder icon={<VideoOff className="size-9" aria-hidden />} label={m.noVideo} tone="bg-slate-100 text-slate-600" />;
}
