import { isResumable } from '@clima/contract/watch-rules';
import { resolveVideoSource } from '@clima/contract/video';
import { VideoOff } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import type { PlayerHandle } from '../playback/player-handle';
import type { PlaybackSample } from '../playback/watch-tracker';
import { type PlaybackEvents, useWatchReporting, type WatchSender } from '../playback/use-watch-reporting';
import { Spinner } from '@clima/web-kit/spinner';
import { uploadNameOf, useVideoStreams } from '../playback/use-video-streams';
import { useOfflineVideo } from '../offline-videos/use-offline-videos';
import { FileVideoPlayer } from './file-video-player';
import { OfflineDownload } from './offline-download';
import { HostedVideoPlayer } from './hosted-video-player';
import { ResumePrompt } from './resume-prompt';

const m = messages.player;

/** Horizontal 16:9 across the column; vertical 9:16 centred, as tall as the screen allows. */
export function videoFrameClass(orientation: 'horizontal' | 'vertical' | null | undefined): string {
  return orientation === 'vertical'
    ? 'mx-auto aspect-[9/16] h-[min(75vh,40rem)] max-w-full rounded-2xl'
    : 'aspect-video w-full rounded-2xl';
}

/** Where the user stopped (from the server) and how to save the watch reports. */
export interface WatchBinding {
  saved: { position: number | null; duration: number | null } | null | undefined;
  send?: WatchSender;
  /** The duration to report when the player gives none (a lesson's catalogue duration). */
  fallbackDuration?: number;
  /** The signed-in user: offers 'Baixar para assistir offline' for an uploaded video (issue 28). */
  owner?: string;
}

/**
 * The video of a content or lesson (spec section 4): an allowed hosted video (YouTube, Vimeo) in
 * its own player, built from the parsed id; otherwise the uploaded file in our player; otherwise
 * 'Vídeo não disponível'. The admin's embed text itself never reaches the page. With `watch`, it
 * reports where the user is and what they played, and offers to resume where they stopped.
 */
export function VideoPlayer({
  videoUrl,
  fileUrl,
  title,
  orientation,
  watch,
  onEnded,
}: {
  videoUrl?: string | null;
  fileUrl?: string | null;
  title: string;
  orientation?: 'horizontal' | 'vertical' | null;
  watch?: WatchBinding;
  /** Called when the video plays to its end (a course offers its next lesson). */
  onEnded?: () => void;
}) {
  const frame = videoFrameClass(orientation);
  const source = resolveVideoSource({ video_url: videoUrl, video_file_url: fileUrl });
  const reporting = useWatchReporting(watch?.send, watch?.fallbackDuration ?? 0);
  const streams = useVideoStreams(source.kind === 'file' ? source.url : null);
  // a copy kept on this device plays from it, with or without network (issue 28)
  const offline = useOfflineVideo(source.kind === 'file' ? uploadNameOf(source.url) : null);
  const control = useRef<PlayerHandle>(null);
  // the offer is made once per opening: a choice, or playing from elsewhere, closes it
  const [decided, setDecided] = useState(false);

  const { onSample: report, onSeek } = reporting;
  const endedRef = useRef(onEnded);
  useEffect(() => {
    endedRef.current = onEnded;
  }, [onEnded]);
  const onSample = useCallback(
    (sample: PlaybackSample) => {
      if (sample.playing) setDecided(true);
      report(sample);
      // stopped within the last second of a known length: the video ended
      if (!sample.playing && sample.duration > 0 && sample.time >= sample.duration - 1) endedRef.current?.();
    },
    [report],
  );
  const events: PlaybackEvents = useMemo(() => ({ onSample, onSeek }), [onSample, onSeek]);

  const saved = watch?.saved;
  const resumeAt = !decided && saved?.position != null && saved.duration != null && isResumable(saved.position, saved.duration) ? saved.position : null;
  const overlay =
    resumeAt === null ? null : (
      <ResumePrompt
        position={resumeAt}
        onResume={() => {
          setDecided(true);
          control.current?.seekTo(resumeAt);
        }}
        onRestart={() => setDecided(true)}
      />
    );

  if (source.kind === 'hosted') {
    return <HostedVideoPlayer video={source.video} title={title} className={frame} events={events} controlRef={control} overlay={overlay} />;
  }
  if (source.kind === 'file') {
    // an uploaded file: its HLS ladder, poster and captions once the catalog made them (issue 28)
    if (!streams.settled || !offline.settled) {
      return (
        <div className={`grid place-items-center bg-black shadow-sm ${frame}`}>
          <Spinner size="lg" label={m.loading} />
        </div>
      );
    }
    const made = streams.streams;
    const copy = offline.copy;
    const name = uploadNameOf(source.url);
    const offer = made?.offline ?? (copy ? { url: copy.url, bytes: copy.bytes } : null);
    return (
      <div className="space-y-3">
        <FileVideoPlayer
          key={copy ? copy.url : source.url}
          src={copy ? copy.url : source.url}
          title={title}
          className={`shadow-sm ${frame}`}
          events={events}
          controlRef={control}
          overlay={overlay}
          stream={!copy && made?.hls ? { hls: made.hls, renditions: made.renditions } : null}
          poster={made?.poster}
          captions={copy ? copy.captions : made?.captions}
        />
        {watch?.owner && name && offer && (
          <OfflineDownload
            owner={watch.owner}
            copy={copy}
            video={{ name, title, url: offer.url, bytes: offer.bytes, captions: copy ? copy.captions : (made?.captions ?? null), page: `${window.location.pathname}${window.location.search}` }}
          />
        )}
      </div>
    );
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
