import { clear, createStore, del, get, getMany, keys, set, type UseStore } from 'idb-keyval';

/**
 * Videos kept on the device for watching without network ('Baixar para assistir offline', issue 28): the
 * 360p MP4 the catalog made of an upload, and its captions, in a Cache Storage cache of their own under
 * their own site addresses, so that the `<video>` asks for them as usual and the service worker answers,
 * Range requests included (vite.config.ts, `runtimeCaching`). What was saved (title, size, page) is listed
 * in IndexedDB. The copies belong to one user: saving for another user drops the previous user's copies,
 * and `syncOfflineVideos` drops them all when, online, the session is gone, belongs to someone else or has
 * no active subscription.
 */

/** The cache the service worker reads the copies from (vite.config.ts names the same one). */
const OFFLINE_VIDEO_CACHE = 'clima-videos-offline';

export interface OfflineVideo {
  /** The upload's name (`/api/files/videos/<name>`). */
  name: string;
  title: string;
  /** The 360p MP4's address, as cached. */
  url: string;
  /** The captions' address, as cached; null without captions. */
  captions: string | null;
  bytes: number;
  /** Where the video is watched online (the content or the lesson), for 'Meus downloads'. */
  page: string;
  saved_at: string;
}

/** Listeners told whenever a copy is saved or removed (the player under a video, 'Meus downloads'). */
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function subscribeOfflineVideos(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Grows at every change of the saved copies. */
export const offlineVideosVersion = (): number => version;

const OWNER_KEY = 'owner';
const videoKey = (name: string) => `video:${name}`;

let defaultStore: UseStore | null = null;
/** Opened on first use: merely loading the page must not touch IndexedDB. */
const store = (): UseStore => (defaultStore ??= createStore('clima-videos-offline', 'copias'));

async function videoKeys(): Promise<string[]> {
  return (await keys<IDBValidKey>(store())).filter((k): k is string => typeof k === 'string' && k.startsWith('video:'));
}

/** The videos kept offline, by title. */
export async function listOfflineVideos(): Promise<OfflineVideo[]> {
  const found = await getMany<OfflineVideo>(await videoKeys(), store());
  return found.filter((v): v is OfflineVideo => v !== undefined).sort((a, b) => a.title.localeCompare(b.title, 'pt-BR'));
}

export const getOfflineVideo = async (name: string): Promise<OfflineVideo | null> => (await get<OfflineVideo>(videoKey(name), store())) ?? null;

/**
 * Asks the browser not to evict the copies under storage pressure; answers whether storage is persistent
 * (a browser without the API, or that refuses, keeps them as best-effort storage).
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted?.()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}

/** Reads a response's body, telling `onProgress` the bytes received so far. */
async function readWithProgress(res: Response, onProgress: (received: number) => void): Promise<Blob> {
  const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(parts as BlobPart[], { type });
}

async function fetchOk(url: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(url, { credentials: 'same-origin', signal, cache: 'no-store' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res;
}

/** A cached copy answered as a full file (the service worker cuts the Range requests out of it). */
const cachedResponse = (body: Blob, type: string) =>
  new Response(body, { status: 200, headers: { 'Content-Type': type, 'Content-Length': String(body.size) } });

/**
 * Downloads and keeps a video for `owner`: the MP4 (its progress told to `onProgress`), then the captions;
 * the listing is written last, so a listed video always has its file. Copies of another user go first.
 */
export async function saveOfflineVideo(
  owner: string,
  video: Omit<OfflineVideo, 'saved_at'>,
  onProgress: (received: number) => void,
  signal?: AbortSignal,
): Promise<OfflineVideo> {
  const current = await get<string>(OWNER_KEY, store());
  if (current !== undefined && current !== owner) await clearOfflineVideos();
  const cache = await caches.open(OFFLINE_VIDEO_CACHE);
  const mp4 = await readWithProgress(await fetchOk(video.url, signal), onProgress);
  await cache.put(video.url, cachedResponse(mp4, 'video/mp4'));
  if (video.captions) {
    const vtt = await (await fetchOk(video.captions, signal)).blob();
    await cache.put(video.captions, cachedResponse(vtt, 'text/vtt; charset=utf-8'));
  }
  const entry: OfflineVideo = { ...video, bytes: mp4.size, saved_at: new Date().toISOString() };
  await set(OWNER_KEY, owner, store());
  await set(videoKey(video.name), entry, store());
  changed();
  return entry;
}

/** Removes one video's copy (file, captions, listing), freeing its space. */
export async function removeOfflineVideo(name: string): Promise<void> {
  const entry = await getOfflineVideo(name);
  await del(videoKey(name), store());
  if (entry) {
    const cache = await caches.open(OFFLINE_VIDEO_CACHE);
    await cache.delete(entry.url);
    if (entry.captions) await cache.delete(entry.captions);
  }
  changed();
}

export async function clearOfflineVideos(): Promise<void> {
  await clear(store());
  await caches.delete(OFFLINE_VIDEO_CACHE);
  changed();
}

/** Space taken by the copies, and the browser's estimate for the whole site when it has one. */
export interface OfflineVideoUsage {
  bytes: number;
  estimate: { usage: number; quota: number } | null;
}

export async function offlineVideoUsage(): Promise<OfflineVideoUsage> {
  const bytes = (await listOfflineVideos()).reduce((sum, v) => sum + v.bytes, 0);
  let estimate: OfflineVideoUsage['estimate'] = null;
  try {
    const e = await navigator.storage?.estimate?.();
    if (e && typeof e.usage === 'number' && typeof e.quota === 'number') estimate = { usage: e.usage, quota: e.quota };
  } catch {
    // no estimate in this browser: the sum of the copies is still shown
  }
  return { bytes, estimate };
}

/** The user as the session answers it (`GET /api/session`); null when signed out. */
export interface SessionUser {
  id: string;
  subscription_status: string | null;
}

export type OfflineVideoCheck = 'none' | 'kept' | 'dropped' | 'unreachable';

/**
 * The online check: with copies stored, asks the session who is signed in and drops every copy unless
 * their owner is signed in with an active subscription. A failed request (no network) keeps them.
 */
export async function syncOfflineVideos(loadSession: () => Promise<SessionUser | null>): Promise<OfflineVideoCheck> {
  if ((await videoKeys()).length === 0) return 'none';
  let user: SessionUser | null;
  try {
    user = await loadSession();
  } catch {
    return 'unreachable';
  }
  const owner = await get<string>(OWNER_KEY, store());
  if (user !== null && user.subscription_status === 'active' && (owner === undefined || owner === user.id)) return 'kept';
  await clearOfflineVideos();
  return 'dropped';
}
