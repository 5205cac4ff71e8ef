/**
 * Video sources of contents and lessons (spec sections 4, 5 and 9), shared by the players, the admin
 * thumbnails and the server. Only links and iframe snippets of allowed hosted-video services become
 * a player: the id is parsed out and the player address is built here, so an admin's HTML is never
 * put in a page.
 */

/** Player constants of spec section 9. */
export const PLAYER = {
  speeds: [0.5, 0.75, 1, 1.25, 1.5, 2] as const,
  skipSeconds: 10,
  volumeStep: 0.1,
  hideControlsMs: 3000,
} as const;

export type HostedVideoProvider = 'youtube' | 'vimeo';

export interface HostedVideo {
  provider: HostedVideoProvider;
  id: string;
  /** Address of the player iframe, built from the parsed id only. */
  embedUrl: string;
  /** Medium-quality still of the video (YouTube); null when the service has no public still URL. */
  thumbnailUrl: string | null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,32}$/i;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'youtu.be']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'player.vimeo.com']);

const ENTITIES: Record<string, string> = { '&amp;': '&', '&#38;': '&', '&#x26;': '&', '&quot;': '"', '&#39;': "'" };

/** The `src` of the first iframe tag of a snippet, entities decoded; null when there is none. */
function iframeSrc(snippet: string): string | null {
  const tag = /^<iframe\b[^>]*>/i.exec(snippet)?.[0];
  if (!tag) return null;
  const match = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
  const raw = match?.[1] ?? match?.[2] ?? match?.[3];
  if (!raw) return null;
  return raw.replace(/&(?:amp|#38|#x26|quot|#39);/gi, (e) => ENTITIES[e.toLowerCase()] ?? e).trim();
}

function toUrl(text: string): URL | null {
  const candidate = text.startsWith('//') ? `https:${text}` : text;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Start offset of a YouTube link (`t=90`, `t=1m30s`, `start=90`) in whole seconds; 0 when absent. */
function youtubeStart(url: URL): number {
  const value = url.searchParams.get('start') ?? url.searchParams.get('t');
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!parts) return 0;
  return Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0);
}

function youtube(url: URL, host: string): HostedVideo | null {
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = segments[0];
  else if (segments[0] === 'watch') id = url.searchParams.get('v');
  else if (segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live') id = segments[1];
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = youtubeStart(url);
  return {
    provider: 'youtube',
    id,
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0${start > 0 ? `&start=${start}` : ''}`,
    thumbnailUrl: youtubeThumbnailUrl(id),
  };
}

function vimeo(url: URL, host: string): HostedVideo | null {
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (host === 'player.vimeo.com') {
    if (segments[0] !== 'video') return null;
    id = segments[1];
  } else {
    // vimeo.com/ID, vimeo.com/ID/HASH (unlisted), vimeo.com/channels/x/ID, vimeo.com/groups/x/videos/ID
    const index = segments.findIndex((s) => VIMEO_ID.test(s));
    if (index < 0) return null;
    id = segments[index];
    const next = segments[index + 1];
    if (!hash && next && VIMEO_HASH.test(next)) hash = next;
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  const query = hash && VIMEO_HASH.test(hash) ? `?h=${hash}` : '';
  return { provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}${query}`, thumbnailUrl: null };
}

/**
 * The hosted video behind a `video_url`: a YouTube link (watch?v=, youtu.be/, embed/, shorts/,
 * youtube-nocookie.com), a Vimeo link, or an `<iframe>` snippet whose src is one of those. Anything
 * else (other hosts, scripts, broken text) gives null and is never embedded.
 */
export function parseHostedVideo(source: string | null | undefined): HostedVideo | null {
  if (!source) return null;
  const text = source.trim();
  if (!text) return null;
  const address = text.startsWith('<') ? iframeSrc(text) : text;
  if (!address) return null;
  const url = toUrl(address);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (YOUTUBE_HOSTS.has(host)) return youtube(url, host);
  if (VIMEO_HOSTS.has(host)) return vimeo(url, host);
  return null;
}

/** Medium-quality still of a YouTube video (spec section 5). */
export function youtubeThumbnailUrl(id: string): string {
  return `https://img.youtube.com/vi/${id}/mqdefault.jpg`;
}

/** Thumbnail of a `video_url` for the admin cards; null when there is none to show. */
export function videoThumbnail(source: string | null | undefined): string | null {
  return parseHostedVideo(source)?.thumbnailUrl ?? null;
}

/** An uploaded file's address that a `<video>` element may load: our own path or an http(s) URL. */
export function playableFileUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\/(?!\/)/.test(text)) return text;
  return toUrl(text) && !text.startsWith('//') ? text : null;
}

export type VideoSource =
  | { kind: 'hosted'; video: HostedVideo }
  | { kind: 'file'; url: string }
  | { kind: 'none' };

/**
 * What the player shows (spec section 4): an allowed hosted video first, otherwise the uploaded file,
 * otherwise nothing ('Vídeo não disponível').
 */
export function resolveVideoSource(item: { video_url?: string | null; video_file_url?: string | null }): VideoSource {
  const video = parseHostedVideo(item.video_url);
  if (video) return { kind: 'hosted', video };
  const url = playableFileUrl(item.video_file_url);
  return url ? { kind: 'file', url } : { kind: 'none' };
}
