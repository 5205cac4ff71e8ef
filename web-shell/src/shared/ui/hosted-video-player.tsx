import type { HostedVideo } from '@clima/contract/video';
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { loadVimeoApi, loadYouTubeApi, type VimeoPlayer, type YouTubePlayer } from '../playback/hosted-player-apis';
import type { PlayerHandle } from '../playback/player-handle';
import type { PlaybackEvents } from '../playback/use-watch-reporting';

const POLL_MS = 500;

/** The player address with what the service's API needs (YouTube: enablejsapi and our origin). */
function playerSrc(video: HostedVideo, start: number | null): string {
  const url = new URL(video.embedUrl);
  if (video.provider === 'youtube') {
    url.searchParams.set('enablejsapi', '1');
    url.searchParams.set('origin', window.location.origin);
  }
  if (start !== null) {
    if (video.provider === 'youtube') {
      url.searchParams.set('start', String(Math.floor(start)));
      url.searchParams.set('autoplay', '1');
    } else {
      url.searchParams.set('autoplay', '1');
      url.hash = `t=${Math.floor(start)}s`;
    }
  }
  return url.toString();
}

/**
 * A YouTube or Vimeo video in the service's own player. The service's player API is loaded (once, only
 * when such a video is shown) and attached to the iframe to follow playback for the watch reports;
 * when it cannot be loaded the video still plays, and 'Continuar de …' reloads the player at that time.
 */
export function HostedVideoPlayer({
  video,
  title,
  className,
  events,
  controlRef,
  overlay,
}: {
  video: HostedVideo;
  title: string;
  className: string;
  events: PlaybackEvents;
  controlRef?: Ref<PlayerHandle>;
  overlay?: ReactNode;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const api = useRef<PlayerHandle | null>(null);
  const [start, setStart] = useState<number | null>(null);
  const { onSample, onSeek } = events;

  useImperativeHandle(
    controlRef,
    () => ({
      seekTo: (seconds: number) => {
        onSeek(seconds);
        if (api.current) api.current.seekTo(seconds);
        else setStart(seconds);
      },
    }),
    [onSeek],
  );

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    let cancelled = false;
    let poll: number | undefined;
    if (video.provider === 'youtube') {
      loadYouTubeApi()
        .then((YT) => {
          if (cancelled) return;
          let player: YouTubePlayer | null = null;
          const sample = (playing: boolean) => {
            if (!player || cancelled) return;
            onSample({ time: player.getCurrentTime(), duration: player.getDuration(), playing, rate: player.getPlaybackRate() || 1 });
          };
          player = new YT.Player(iframe, {
            events: {
              onReady: () => {
                api.current = {
                  seekTo: (seconds) => {
                    player?.seekTo(seconds, true);
                    player?.playVideo();
                  },
                };
              },
              onStateChange: ({ data }) => {
                window.clearInterval(poll);
                if (data === YT.PlayerState.PLAYING) {
                  sample(true);
                  poll = window.setInterval(() => sample(true), POLL_MS);
                } else if (data === YT.PlayerState.PAUSED || data === YT.PlayerState.ENDED) sample(false);
              },
            },
          });
        })
        .catch(() => undefined);
    } else {
      loadVimeoApi()
        .then((Vimeo) => {
          if (cancelled) return;
          const player: VimeoPlayer = new Vimeo.Player(iframe);
          let playing = false;
          let rate = 1;
          const sample = (e: { seconds: number; duration: number }) => {
            if (!cancelled) onSample({ time: e.seconds, duration: e.duration, playing, rate });
          };
          player.on('play', (e) => {
            playing = true;
            sample(e);
          });
          player.on('timeupdate', sample);
          for (const stop of ['pause', 'ended'] as const) {
            player.on(stop, (e) => {
              playing = false;
              sample(e);
            });
          }
          player.on('seeked', (e) => {
            if (!cancelled) onSeek(e.seconds);
          });
          player.on('playbackratechange', (e) => {
            rate = e.playbackRate;
          });
          api.current = {
            seekTo: (seconds) => {
              void player
                .setCurrentTime(seconds)
                .then(() => player.play())
                .catch(() => undefined);
            },
          };
        })
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
      window.clearInterval(poll);
      api.current = null;
    };
    // a new address (a reload at another time) is a new player to attach to
  }, [video.provider, start, onSample, onSeek]);

  return (
    <div className={`relative overflow-hidden bg-slate-900 shadow-sm ${className}`}>
      <iframe
        ref={frame}
        key={start ?? 'start'}
        className="size-full"
        src={playerSrc(video, start)}
        title={title}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
      {overlay}
    </div>
  );
}
