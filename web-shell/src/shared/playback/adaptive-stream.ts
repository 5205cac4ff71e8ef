/**
 * Adaptive streaming of an uploaded video (issue 28): the HLS ladder the catalog made of it. hls.js is loaded
 * only when a video opens (a dynamic import, its own chunk); Safari plays HLS itself. Either way the page can
 * pick a rung ('Qualidade') or cap it at 360p ('Economizar dados').
 */

/** A rung of the ladder, by its height. */
export interface StreamLevel {
  height: number;
}

export interface AdaptiveStream {
  /** 'hls.js' (Media Source Extensions) or 'native' (Safari). */
  readonly engine: 'hls.js' | 'native';
  /** Plays one rung, or lets the player choose (null: 'Automática'). */
  setLevel(height: number | null): void;
  /** Never above this height (null: no cap); 'Economizar dados' caps at 360. */
  setCap(height: number | null): void;
  destroy(): void;
}

export interface AttachOptions {
  /** The heights of the ladder, from the catalog (`renditions`). */
  renditions: number[];
  /** The first choice: a rung, or null for automatic. */
  level: number | null;
  cap: number | null;
  /** The stream cannot be played (the player then plays the original file). */
  onFatal: () => void;
}

/** Where the master playlist is, each rung's playlist sits beside it (`<height>p.m3u8`). */
const variantUrl = (master: string, height: number) => master.replace(/master\.m3u8$/, `${height}p.m3u8`);

/** The rung to play natively: the chosen one, else the highest under the cap, else the master (automatic). */
function nativeSource(master: string, renditions: number[], level: number | null, cap: number | null): string {
  const allowed = renditions.filter((h) => cap === null || h <= cap);
  if (level !== null && allowed.includes(level)) return variantUrl(master, level);
  if (cap !== null && allowed.length) return variantUrl(master, Math.max(...allowed));
  return master;
}

/** Safari (and iOS browsers, all WebKit): it plays HLS itself, outside any script. */
function prefersNative(video: HTMLVideoElement): boolean {
  if (video.canPlayType('application/vnd.apple.mpegurl') === '') return false;
  const hasMse = typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
  return !hasMse || /Apple/.test(navigator.vendor);
}

/**
 * Starts the stream of `master` in `video`; null when this browser can play neither way (the caller plays
 * the original file then).
 */
export async function attachAdaptiveStream(video: HTMLVideoElement, master: string, o: AttachOptions): Promise<AdaptiveStream | null> {
  if (prefersNative(video)) {
    let level = o.level;
    let cap = o.cap;
    const load = () => {
      const at = video.currentTime;
      const wasPlaying = !video.paused;
      video.src = nativeSource(master, o.renditions, level, cap);
      if (at > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true });
      if (wasPlaying) void video.play().catch(() => undefined);
    };
    const onError = () => o.onFatal();
    video.addEventListener('error', onError);
    load();
    return {
      engine: 'native',
      setLevel: (h) => {
        level = h;
        load();
      },
      setCap: (h) => {
        cap = h;
        load();
      },
      destroy: () => video.removeEventListener('error', onError),
    };
  }

  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) return null;
  // no worker: the page's Content-Security-Policy allows scripts from this origin only (no blob: workers).
  // The first segment comes from the lowest rung with no bandwidth probe before it (hls.js's default downloads a
  // segment only to measure, then the one it plays): the first frame comes sooner on mobile data, and the automatic
  // choice climbs from there (bench:video, part 4).
  const hls = new Hls({ enableWorker: false, capLevelToPlayerSize: false, startLevel: 0, testBandwidth: false, backBufferLength: 30 });
  const indexOf = (height: number) => hls.levels.findIndex((l) => l.height === height);
  const capIndex = (cap: number | null) => {
    if (cap === null) return -1;
    let best = -1;
    hls.levels.forEach((l, i) => {
      if (l.height <= cap && (best === -1 || l.height > hls.levels[best]!.height)) best = i;
    });
    return best;
  };
  let level = o.level;
  let cap = o.cap;
  const apply = () => {
    hls.autoLevelCapping = capIndex(cap);
    const chosen = level === null ? -1 : indexOf(level);
    const target = chosen >= 0 && (cap === null || level! <= cap) ? chosen : -1;
    // already automatic: left alone, so the start on the lowest rung is not switched away from before it plays
    if (target !== -1 || !hls.autoLevelEnabled) hls.currentLevel = target;
  };
  let recovered = false;
  hls.on(Hls.Events.MANIFEST_PARSED, () => apply());
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // one attempt to recover a media error (a bad segment); anything else: the original file
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
      recovered = true;
      hls.recoverMediaError();
      return;
    }
    o.onFatal();
  });
  hls.loadSource(master);
  hls.attachMedia(video);
  return {
    engine: 'hls.js',
    setLevel: (h) => {
      level = h;
      apply();
    },
    setCap: (h) => {
      cap = h;
      apply();
    },
    destroy: () => hls.destroy(),
  };
}

const SAVE_DATA_KEY = 'clima.video.economizar-dados';
/** 'Economizar dados' caps the quality at this height. */
export const SAVE_DATA_HEIGHT = 360;

/** 'Economizar dados', remembered on this device. */
export function readSaveData(): boolean {
  try {
    return localStorage.getItem(SAVE_DATA_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeSaveData(on: boolean): void {
  try {
    if (on) localStorage.setItem(SAVE_DATA_KEY, '1');
    else localStorage.removeItem(SAVE_DATA_KEY);
  } catch {
    // private mode without storage: the choice lasts this page only
  }
}
