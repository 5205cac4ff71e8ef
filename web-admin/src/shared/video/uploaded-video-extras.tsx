import { CaptionsField } from './captions-field';
import { uploadNameOf, useVideoProcessing } from './use-video-processing';
import { VideoProcessingStatus } from './video-processing-status';

/** In the content and lesson forms, under an uploaded file: its conversion and its 'Legendas (pt-BR)'. */
export function UploadedVideoExtras({ url }: { url: string | null | undefined }) {
  const name = uploadNameOf(url);
  const video = useVideoProcessing([url]).get(name ?? '');
  if (!name) return null;
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <VideoProcessingStatus video={video} />
      <CaptionsField name={name} video={video} />
    </div>
  );
}
