/**
 * The hosted-video services' own player APIs (YouTube IFrame API, Vimeo Player API), loaded only when
 * such a video is on the page, once. They attach to the iframe the page already shows, so the video
 * plays even when an API cannot be loaded (then nothing is reported).
 */

export interface YouTubePlayer {
  getCurrentTime(): number;
  getDuration(): number;
  getPlaybackRate(): number;
  getPlayerState(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  playVideo(): void;
  destroy(): void;
}

interface YouTubeNamespace {
  Player: new (
    element: HTMLIFrameElement,
    options: { events: { onReady?: () => void; onStateChange?: (e: { data: number }) => void; onPlaybackRateChange?: () => void } },
  ) => YouTubePlayer;
  PlayerState: { PLAYING: number; PAUSED: number; ENDED: number; BUFFERING: number };
}

export interface VimeoTimeEvent {
  seconds: number;
  duration: number;
}

export interface VimeoPlayer {
  on(event: 'timeupdate' | 'play' | 'pause' | 'ended' | 'seeked', cb: (e: VimeoTimeEvent) => void): void;
  on(event: 'playbackratechange', cb: (e: { playbackRate: number }) => void): void;
  setCurrentTime(seconds: number): Promise<number>;
  play(): Promise<void>;
  destroy(): Promise<void>;
}

interface VimeoNamespace {
  Player: new (element: HTMLIFrameElement) => VimeoPlayer;
}

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
    Vimeo?: VimeoNamespace;
  }
}

const TIMEOUT_MS = 15_000;

function loadScript(src: string, ready: () => boolean, onReadyHook?: (resolve: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ready()) return resolve();
    const timer = window.setTimeout(() => reject(new Error(`${src}: tempo esgotado`)), TIMEOUT_MS);
    const done = () => {
      window.clearTimeout(timer);
      resolve();
    };
    onReadyHook?.(done);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    if (!onReadyHook) script.onload = done;
    script.onerror = () => {
      window.clearTimeout(timer);
      script.remove();
      reject(new Error(`${src}: não carregou`));
    };
    document.head.append(script);
  });
}

let youtube: Promise<YouTubeNamespace> | null = null;
let vimeo: Promise<VimeoNamespace> | null = null;

export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  youtube ??= loadScript(
    'https://www.youtube.com/iframe_api',
    () => Boolean(window.YT?.Player),
    (resolve) => {
      const previous = window.onYouTubeIframeAPIReady;
      window.onYouTubeIframeAPIReady = () => {
        previous?.();
        resolve();
      };
    },
  )
    .then(() => window.YT!)
    .catch((err: unknown) => {
      youtube = null;
      throw err;
    });
  return youtube;
}

export function loadVimeoApi(): Promise<VimeoNamespace> {
  vimeo ??= loadScript('https://player.vimeo.com/api/player.js', () => Boolean(window.Vimeo?.Player))
    .then(() => window.Vimeo!)
    .catch((err: unknown) => {
      vimeo = null;
      throw err;
    });
  return vimeo;
}
