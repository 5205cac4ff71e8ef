import { PLAYER } from '@clima/contract/video';
import { Captions, Gauge, Maximize, Minimize, Pause, Play, RotateCcw, RotateCw, Settings2, Volume1, Volume2, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type Ref } from 'react';
import { messages } from '../../i18n/messages';
import { Spinner } from '@clima/web-kit/spinner';
import type { PlayerHandle } from '../playback/player-handle';
import type { PlaybackEvents } from '../playback/use-watch-reporting';
import { type AdaptiveStream, attachAdaptiveStream, readSaveData, SAVE_DATA_HEIGHT, writeSaveData } from '../playback/adaptive-stream';
import { formatClock } from '../../lib/format';

const m = messages.player;

const rateLabel = (rate: number) => m.speedValue(rate.toLocaleString('pt-BR'));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Volume in steps of 0.1 without floating-point drift. */
const stepVolume = (value: number) => clamp(Math.round(value * 10) / 10, 0, 1);

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

const controlButton =
  'grid size-10 shrink-0 place-items-center rounded-lg text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-cyan-300';

// a 24-px tall target (WCAG 2.5.8) drawing a 6-px track in its middle
const rangeStyles =
  'h-6 cursor-pointer appearance-none rounded-full bg-transparent bg-center bg-no-repeat [background-size:100%_0.375rem] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-cyan-300 [&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-white [&::-webkit-slider-thumb]:size-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow';

const fill = (fraction: number) => ({
  backgroundImage: `linear-gradient(to right, #22d3ee ${fraction * 100}%, rgba(255,255,255,0.3) ${fraction * 100}%)`,
});

/**
 * Player of an uploaded video (spec section 9): play/pause, speeds, ±10 s, volume in steps of 0.1,
 * mute, seek bar and fullscreen. The controls hide 3 s after playback starts and come back on mouse
 * movement, touch or keyboard use. Every control is a named button or slider, and the player itself
 * answers the usual keys (space, arrows, M, F).
 */
export function FileVideoPlayer({
  src,
  title,
  className = '',
  events,
  controlRef,
  overlay,
  stream,
  poster,
  captions,
}: {
  /** The uploaded file itself: played when there is no stream, or when the stream fails. */
  src: string;
  title: string;
  /** The HLS ladder the catalog made of the file (issue 28): played instead of the file, with 'Qualidade'. */
  stream?: { hls: string; renditions: number[] } | null;
  poster?: string | null;
  /** 'Legendas (pt-BR)' (WebVTT): a captions track and the CC button. */
  captions?: string | null;
  className?: string;
  /** Told of the playback (time, play, pause, seeks) for the watch reports. */
  events?: PlaybackEvents;
  /** Lets the page move the video ('Continuar de …'). */
  controlRef?: Ref<PlayerHandle>;
  /** Shown over the video, at the top (the offer to resume). */
  overlay?: ReactNode;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const speedButtonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const speedOpenRef = useRef(false);
  const shownAtPointerDown = useRef(true);
  const menuId = useId();
  const hintId = useId();

  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [rate, setRate] = useState(1);
  const [speedOpen, setSpeedOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [failed, setFailed] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  // adaptive streaming (issue 28): the rung chosen (null: 'Automática'), 'Economizar dados', captions
  const adaptive = useRef<AdaptiveStream | null>(null);
  const qualityButtonRef = useRef<HTMLButtonElement>(null);
  const qualityMenuRef = useRef<HTMLDivElement>(null);
  const qualityMenuId = useId();
  const [streamFailed, setStreamFailed] = useState(false);
  const resumeOnFallback = useRef(false);
  const [quality, setQuality] = useState<number | null>(null);
  const [saveData, setSaveData] = useState(readSaveData);
  const [qualityOpen, setQualityOpen] = useState(false);
  const [captionsOn, setCaptionsOn] = useState(false);
  const streaming = !!stream && !streamFailed;
  const choiceRef = useRef({ quality, saveData });
  choiceRef.current = { quality, saveData };
  speedOpenRef.current = speedOpen || qualityOpen;

  const scheduleHide = useCallback(() => {
    window.clearTimeout(hideTimer.current);
    const video = videoRef.current;
    if (!video || video.paused || speedOpenRef.current) return;
    hideTimer.current = window.setTimeout(() => setControlsVisible(false), PLAYER.hideControlsMs);
  }, []);

  const reveal = useCallback(() => {
    setControlsVisible(true);
    scheduleHide();
  }, [scheduleHide]);

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const report = (video: HTMLVideoElement, playing: boolean) =>
    events?.onSample({ time: video.currentTime, duration: video.duration, playing, rate: video.playbackRate });

  useImperativeHandle(
    controlRef,
    () => ({
      seekTo: (seconds: number) => {
        const video = videoRef.current;
        if (!video) return;
        video.currentTime = seconds;
        setCurrent(seconds);
        void video.play().catch(() => undefined);
      },
    }),
    [],
  );

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // The HLS stream, when the catalog made one: hls.js (loaded now, not with the page) or Safari's own player.
  const hlsUrl = stream?.hls;
  const renditionKey = stream?.renditions.join(',') ?? '';
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !hlsUrl || streamFailed) return;
    let cancelled = false;
    const fallBack = () => {
      // playing, or asked to play: the original file goes on playing
      resumeOnFallback.current = !video.paused;
      adaptive.current?.destroy();
      adaptive.current = null;
      if (!cancelled) setStreamFailed(true);
    };
    const { quality: level, saveData: saving } = choiceRef.current;
    attachAdaptiveStream(video, hlsUrl, {
      renditions: renditionKey ? renditionKey.split(',').map(Number) : [],
      level,
      cap: saving ? SAVE_DATA_HEIGHT : null,
      onFatal: fallBack,
    })
      .then((attached) => {
        if (cancelled) return attached?.destroy();
        if (!attached) return setStreamFailed(true);
        adaptive.current = attached;
      })
      .catch(() => !cancelled && setStreamFailed(true));
    return () => {
      cancelled = true;
      adaptive.current?.destroy();
      adaptive.current = null;
    };
  }, [hlsUrl, renditionKey, streamFailed]);

  // the stream failed: the original file plays from where the stream was
  useEffect(() => {
    const video = videoRef.current;
    if (!streamFailed || !video) return;
    const at = video.currentTime;
    video.src = src;
    if (at > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true });
    if (resumeOnFallback.current) void video.play().catch(() => undefined);
  }, [streamFailed, src]);

  const chooseQuality = (height: number | null) => {
    setQuality(height);
    adaptive.current?.setLevel(height);
    setQualityOpen(false);
    qualityButtonRef.current?.focus();
  };

  const toggleSaveData = () => {
    const on = !saveData;
    setSaveData(on);
    writeSaveData(on);
    adaptive.current?.setCap(on ? SAVE_DATA_HEIGHT : null);
    if (on && quality !== null && quality > SAVE_DATA_HEIGHT) {
      setQuality(null);
      adaptive.current?.setLevel(null);
    }
  };

  const toggleCaptions = () => {
    const track = videoRef.current?.textTracks[0];
    const on = !captionsOn;
    if (track) track.mode = on ? 'showing' : 'disabled';
    setCaptionsOn(on);
  };

  // The quality menu, like the speed menu: closes on a click outside it; focus goes to the checked item.
  useEffect(() => {
    if (!qualityOpen) return;
    window.clearTimeout(hideTimer.current);
    setControlsVisible(true);
    const onPointerDown = (event: globalThis.PointerEvent) => {
      const target = event.target as Node;
      if (!qualityMenuRef.current?.contains(target) && !qualityButtonRef.current?.contains(target)) setQualityOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    qualityMenuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [qualityOpen]);

  // The speed menu closes on a click outside it; the controls stay while it is open.
  useEffect(() => {
    if (!speedOpen) {
      scheduleHide();
      return;
    }
    window.clearTimeout(hideTimer.current);
    setControlsVisible(true);
    const onPointerDown = (event: globalThis.PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !speedButtonRef.current?.contains(target)) setSpeedOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    checked?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [speedOpen, scheduleHide]);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  }, []);

  const skip = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration : video.currentTime + seconds;
    video.currentTime = clamp(video.currentTime + seconds, 0, end);
    setCurrent(video.currentTime);
  }, []);

  const changeVolume = useCallback((value: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = stepVolume(value);
    video.muted = video.volume === 0;
  }, []);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.muted || video.volume === 0) {
      video.muted = false;
      if (video.volume === 0) video.volume = 0.5;
    } else {
      video.muted = true;
    }
  }, []);

  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    const video = videoRef.current as WebkitVideo | null;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    } else if (container?.requestFullscreen) {
      void container.requestFullscreen().catch(() => undefined);
    } else {
      video?.webkitEnterFullscreen?.();
    }
  }, []);

  const chooseRate = (value: number) => {
    const video = videoRef.current;
    if (video) video.playbackRate = value;
    setSpeedOpen(false);
    speedButtonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    reveal();
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const onInput = target.tagName === 'INPUT';
    const onButton = target.tagName === 'BUTTON';
    if (target.closest('[role="menu"]')) return;
    const key = event.key.toLowerCase();
    let handled = true;
    if ((key === ' ' || key === 'k') && !onButton && !onInput) togglePlay();
    else if ((key === 'arrowleft' || key === 'j') && !onInput) skip(-PLAYER.skipSeconds);
    else if ((key === 'arrowright' || key === 'l') && !onInput) skip(PLAYER.skipSeconds);
    else if (key === 'arrowup' && !onInput) changeVolume((videoRef.current?.volume ?? 1) + PLAYER.volumeStep);
    else if (key === 'arrowdown' && !onInput) changeVolume((videoRef.current?.volume ?? 1) - PLAYER.volumeStep);
    else if (key === 'm') toggleMute();
    else if (key === 'f') toggleFullscreen();
    else handled = false;
    if (handled) event.preventDefault();
  };

  const onSeekKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // On the seek bar the side arrows jump 10 s (the native step would be a fraction of a second).
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      skip(event.key === 'ArrowLeft' ? -PLAYER.skipSeconds : PLAYER.skipSeconds);
    }
  };

  const menuKeys = (menu: HTMLDivElement | null, close: () => void, button: HTMLButtonElement | null) => (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitemradio"]:not([aria-disabled="true"]),[role="menuitemcheckbox"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      button?.focus();
    } else if (['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'].includes(event.key)) {
      event.preventDefault();
      const forward = event.key === 'ArrowDown' || event.key === 'ArrowRight';
      const next = (index + (forward ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      close();
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => menuKeys(menuRef.current, () => setSpeedOpen(false), speedButtonRef.current)(event);
  const onQualityKeyDown = (event: KeyboardEvent<HTMLDivElement>) => menuKeys(qualityMenuRef.current, () => setQualityOpen(false), qualityButtonRef.current)(event);

  const onVideoPointerUp = (event: PointerEvent<HTMLVideoElement>) => {
    // A tap on a touch screen first brings the controls back; a click toggles playback.
    if (event.pointerType === 'touch' && !shownAtPointerDown.current) return;
    togglePlay();
  };

  const retry = () => {
    setFailed(false);
    videoRef.current?.load();
  };

  const shown = controlsVisible || !playing;
  // a phone-width player with the quality and captions buttons too: ±10 s stay on the keys and the seek bar
  const crowded = streaming && !!captions;
  const progress = duration > 0 ? current / duration : 0;
  const effectiveVolume = muted ? 0 : volume;
  const VolumeIcon = effectiveVolume === 0 ? VolumeX : effectiveVolume < 0.5 ? Volume1 : Volume2;

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={m.region(title)}
      aria-describedby={hintId}
      className={`@container group relative overflow-hidden bg-black focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-500 ${shown ? '' : 'cursor-none'} ${className}`}
      tabIndex={0}
      onPointerMove={reveal}
      onPointerDown={() => {
        shownAtPointerDown.current = controlsVisible || !playing;
        reveal();
      }}
      onFocus={reveal}
      onKeyDown={onKeyDown}
      data-testid="file-video-player"
    >
      <p id={hintId} className="sr-only">
        {m.shortcuts}
      </p>
      <video
        ref={videoRef}
        src={streaming ? undefined : src}
        poster={poster ?? undefined}
        title={title}
        preload="metadata"
        playsInline
        className="size-full object-contain"
        onPointerUp={onVideoPointerUp}
        onDoubleClick={toggleFullscreen}
        onPlay={(e) => {
          setPlaying(true);
          scheduleHide();
          report(e.currentTarget, true);
        }}
        onPause={(e) => {
          setPlaying(false);
          setControlsVisible(true);
          window.clearTimeout(hideTimer.current);
          report(e.currentTarget, false);
        }}
        onEnded={(e) => {
          setPlaying(false);
          report(e.currentTarget, false);
        }}
        onTimeUpdate={(e) => {
          setCurrent(e.currentTarget.currentTime);
          report(e.currentTarget, !e.currentTarget.paused);
        }}
        onSeeking={(e) => events?.onSeek(e.currentTarget.currentTime)}
        onSeeked={(e) => setCurrent(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0);
          setFailed(false);
        }}
        onDurationChange={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onVolumeChange={(e) => {
          setVolume(e.currentTarget.volume);
          setMuted(e.currentTarget.muted);
        }}
        onRateChange={(e) => setRate(e.currentTarget.playbackRate)}
        onWaiting={() => setWaiting(true)}
        onPlaying={() => setWaiting(false)}
        onCanPlay={() => setWaiting(false)}
        onError={() => {
          if (streaming) return; // the stream's own errors: it falls back to the file
          setFailed(true);
          setWaiting(false);
        }}
      >
        {captions && <track kind="captions" src={captions} srcLang="pt-BR" label={m.captionsTrack} />}
      </video>

      {waiting && !failed && (
        <div className="pointer-events-none absolute inset-0 grid place-items-center">
          <Spinner size="lg" label={m.loading} />
        </div>
      )}

      {/* the big button in the middle, never on a phone-width player: there the control row (wrapped in two
          lines) fills the lower half and the button would sit on it; the row's own 'Reproduzir' is there */}
      {!playing && !failed && !waiting && (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          onClick={togglePlay}
          data-testid="center-play"
          className="absolute left-1/2 top-1/2 grid size-16 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-sky-600/90 text-white shadow-xl ring-4 ring-white/20 transition-transform hover:scale-105 @max-md:hidden sm:size-20"
        >
          <Play className="ml-1 size-8 fill-current sm:size-9" />
        </button>
      )}

      {overlay}

      {failed && (
        <div role="alert" className="absolute inset-0 grid place-items-center bg-slate-950/85 p-6 text-center text-sm text-slate-100">
          <div className="max-w-xs space-y-4">
            <p>{m.playbackError}</p>
            <button type="button" onClick={retry} className="rounded-xl bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100">
              {m.retry}
            </button>
          </div>
        </div>
      )}

      <div
        className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-2 pb-2 pt-10 transition-opacity duration-300 sm:px-3 ${
          shown ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
        data-testid="player-controls"
        data-visible={shown}
      >
        <div className="flex items-center gap-2 px-1">
          <input
            type="range"
            min={0}
            max={duration || 0}
            step="any"
            value={Math.min(current, duration || 0)}
            onChange={(e) => {
              const video = videoRef.current;
              if (video) video.currentTime = Number(e.target.value);
              setCurrent(Number(e.target.value));
            }}
            onKeyDown={onSeekKeyDown}
            disabled={!duration}
            aria-label={m.seek}
            aria-valuetext={m.timeOf(formatClock(current), formatClock(duration))}
            className={`${rangeStyles} w-full`}
            style={fill(progress)}
          />
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-0.5 sm:gap-1">
          <button type="button" onClick={togglePlay} aria-label={playing ? m.pause : m.play} className={controlButton}>
            {playing ? <Pause className="size-5 fill-current" aria-hidden /> : <Play className="size-5 fill-current" aria-hidden />}
          </button>
          <button type="button" onClick={() => skip(-PLAYER.skipSeconds)} aria-label={m.back10(PLAYER.skipSeconds)} className={`${controlButton} ${crowded ? '@max-sm:hidden' : ''}`}>
            <RotateCcw className="size-5" aria-hidden />
          </button>
          <button type="button" onClick={() => skip(PLAYER.skipSeconds)} aria-label={m.forward10(PLAYER.skipSeconds)} className={`${controlButton} ${crowded ? '@max-sm:hidden' : ''}`}>
            <RotateCw className="size-5" aria-hidden />
          </button>
          <button type="button" onClick={toggleMute} aria-label={effectiveVolume === 0 ? m.unmute : m.mute} className={controlButton}>
            <VolumeIcon className="size-5" aria-hidden />
          </button>
          <input
            type="range"
            min={0}
            max={1}
            step={PLAYER.volumeStep}
            value={effectiveVolume}
            onChange={(e) => changeVolume(Number(e.target.value))}
            aria-label={m.volume}
            aria-valuetext={`${Math.round(effectiveVolume * 100)}%`}
            className={`${rangeStyles} hidden w-20 @md:block`}
            style={fill(effectiveVolume)}
          />
          <span className="ml-1.5 whitespace-nowrap text-xs font-medium tabular-nums text-white/90 sm:ml-3" data-testid="player-time">
            {formatClock(current)} / {formatClock(duration)}
          </span>
          <div className="relative ml-auto">
            <button
              ref={speedButtonRef}
              type="button"
              onClick={() => setSpeedOpen((open) => !open)}
              aria-label={m.speed}
              aria-haspopup="menu"
              aria-expanded={speedOpen}
              aria-controls={speedOpen ? menuId : undefined}
              className="inline-flex h-10 items-center gap-1 rounded-lg px-2.5 text-xs font-bold text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-cyan-300"
            >
              <Gauge className="size-4" aria-hidden />
              <span>{rateLabel(rate)}</span>
            </button>
            {speedOpen && (
              <div
                ref={menuRef}
                id={menuId}
                role="menu"
                aria-label={m.speed}
                onKeyDown={onMenuKeyDown}
                className="absolute bottom-12 right-0 z-10 grid w-44 grid-cols-3 gap-1 rounded-xl bg-slate-900/95 p-1.5 text-xs text-white shadow-xl ring-1 ring-white/10"
              >
                {PLAYER.speeds.map((value) => (
                  <button
                    key={value}
                    type="button"
                    role="menuitemradio"
                    aria-checked={rate === value}
                    tabIndex={rate === value ? 0 : -1}
                    onClick={() => chooseRate(value)}
                    title={value === 1 ? m.normalSpeed : undefined}
                    className={`rounded-lg px-1 py-1.5 text-center font-semibold hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-300 ${
                      rate === value ? 'bg-cyan-400 text-slate-950 hover:bg-cyan-300' : ''
                    }`}
                  >
                    {rateLabel(value)}
                  </button>
                ))}
              </div>
            )}
          </div>
          {streaming && (
            <div className="relative">
              <button
                ref={qualityButtonRef}
                type="button"
                onClick={() => setQualityOpen((open) => !open)}
                aria-label={m.qualityLabel(quality === null ? m.qualityAuto : `${quality}p`, saveData)}
                aria-haspopup="menu"
                aria-expanded={qualityOpen}
                aria-controls={qualityOpen ? qualityMenuId : undefined}
                className={controlButton}
                data-testid="quality-button"
              >
                <Settings2 className="size-5" aria-hidden />
              </button>
              {qualityOpen && (
                <div
                  ref={qualityMenuRef}
                  id={qualityMenuId}
                  role="menu"
                  aria-label={m.quality}
                  onKeyDown={onQualityKeyDown}
                  className="absolute bottom-12 right-0 z-10 w-64 max-w-[calc(100cqw-1rem)] rounded-xl bg-slate-900/95 p-1.5 text-sm text-white shadow-xl ring-1 ring-white/10"
                >
                  <div className="grid gap-1" style={{ gridTemplateColumns: `auto repeat(${stream?.renditions.length ?? 0}, minmax(0, 1fr))` }}>
                  {[null, ...(stream?.renditions ?? [])].map((height) => {
                    const blocked = height !== null && saveData && height > SAVE_DATA_HEIGHT;
                    return (
                      <button
                        key={height ?? 'auto'}
                        type="button"
                        role="menuitemradio"
                        aria-checked={quality === height}
                        aria-disabled={blocked || undefined}
                        tabIndex={quality === height ? 0 : -1}
                        onClick={() => !blocked && chooseQuality(height)}
                        className={`flex min-h-11 w-full items-center justify-center rounded-lg px-2 text-center font-semibold hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-300 ${
                          quality === height ? 'bg-cyan-400 text-slate-950 hover:bg-cyan-300' : ''
                        } ${blocked ? 'cursor-not-allowed text-white/60' : ''}`}
                      >
                        {height === null ? m.qualityAuto : `${height}p`}
                      </button>
                    );
                  })}
                  </div>
                  <button
                    type="button"
                    role="menuitemcheckbox"
                    aria-checked={saveData}
                    tabIndex={-1}
                    onClick={toggleSaveData}
                    className="mt-1 flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border-t border-white/10 px-2.5 text-left font-semibold hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-300"
                  >
                    <span>
                      {m.saveData}
                      <span className="block text-xs font-normal text-white/80 @max-sm:hidden">{m.saveDataHint}</span>
                    </span>
                    <span aria-hidden className={`h-5 w-9 shrink-0 rounded-full p-0.5 transition-colors ${saveData ? 'bg-cyan-400' : 'bg-white/30'}`}>
                      <span className={`block size-4 rounded-full bg-white transition-transform ${saveData ? 'translate-x-4' : ''}`} />
                    </span>
                  </button>
                </div>
              )}
            </div>
          )}
          {captions && (
            <button type="button" onClick={toggleCaptions} aria-pressed={captionsOn} aria-label={m.captions} className={`${controlButton} ${captionsOn ? 'bg-white/20' : ''}`} data-testid="captions-button">
              <Captions className="size-5" aria-hidden />
            </button>
          )}
          <button type="button" onClick={toggleFullscreen} aria-label={fullscreen ? m.exitFullscreen : m.fullscreen} className={controlButton}>
            {fullscreen ? <Minimize className="size-5" aria-hidden /> : <Maximize className="size-5" aria-hidden />}
          </button>
        </div>
      </div>
    </div>
  );
}
