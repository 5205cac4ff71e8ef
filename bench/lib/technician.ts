/**
 * One technician using Clima Pro, request by request as the web app (web-shell) sends them, for the
 * closed-model part of bench:mixed. Each loop is one visit: the site opened afresh (a new page, an empty
 * query cache), then screen after screen with a think time between them. What each screen asks:
 *
 *  1. home (`/`): the shell's HTML (its hashed assets are in the browser's cache), `GET /api/session`
 *     (AuthProvider), then together `GET /api/course-categories-with-stats` (the grid and the category
 *     select share one query), `GET /api/courses/continue` and `GET /api/billing/subscription`
 *     (PaymentPendingBanner, asked for subscribers);
 *  2. contents (`/contents`): `GET /api/categories`, `GET /api/contents`, `GET /api/contents/continue`;
 *  3. a category chosen in the select: `GET /api/contents?category=<slug>`;
 *  4. a search typed in the box (category back to all): `GET /api/contents?search=<term>`;
 *  5. a content opened (`/content/<id>`): `GET /api/contents/<id>`, then `GET /api/contents/<id>/position`;
 *     the player (`preload="metadata"`) asks the file's first 512 KB, then plays 30–90 s from the saved
 *     position: every 10 s the next 2 MB of the file (10 s of a 1.6 Mbit/s video) and
 *     `PUT /api/contents/<id>/position` (WATCH_REPORT_SECONDS; the last, shorter stretch when the
 *     technician leaves the page);
 *     each file request goes through the catalog (who may watch it) before nginx serves the bytes;
 *  6. manuals (`/manuals`): `GET /api/manuals`, `GET /api/manufacturers`;
 *  7. a search inside the manuals: `GET /api/manuals/search?q=<code or words>`;
 *  8. back to the library and one manual downloaded: `GET /api/manuals`, then `POST
 *     /api/manuals/<id>/download` and the file it answers (`GET /api/files/manuals/<name>`), then
 *     `GET /api/manuals` again (the download invalidates the list);
 *  9. ranking (`/ranking`): `GET /api/ranking?period=week` and `GET /api/users/me/stats`.
 *
 * Beside the screens, every 30 s from the page load, `POST /api/users/session/heartbeat` with
 * `{ activity, visible }` when something was studied since the last one (a video playing, a manual
 * screen in use), as useActivityHeartbeat sends it; nothing is sent when nothing was studied.
 *
 * The contents list has no pages (neither the API nor the screen pages it): there is no "page 2" to ask.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface Call {
  kind: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** JSON body. */
  body?: unknown;
}

export interface Answer {
  status: number;
  body: string;
}

/** Sends one request with the technician's cookie; resolves when its whole answer has been read. */
export type Send = (call: Call, cookie: string) => Promise<Answer>;

/** What the screens show, read once before the load starts. */
export interface Catalogue {
  categorySlugs: string[];
  /** Published contents whose video is an uploaded file (played through the gateway). */
  videos: { id: number; file: string; bytes: number; seconds: number }[];
  contentSearches: string[];
  manualSearches: string[];
  /** Manuals whose download answers a file of our storage. */
  manualIds: number[];
}

const RANGE_FIRST = 512 * 1024;
const RANGE_STEP = 2 * 1024 * 1024;
const REPORT_SECONDS = 10;
const HEARTBEAT_MS = 30_000;

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const uniform = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

type Activity = 'video' | 'manual';
const RANK: Record<Activity, number> = { video: 3, manual: 1 };

export interface TechnicianOptions {
  cookie: string;
  catalogue: Catalogue;
  send: Send;
  /** Think time between two screens, seconds (uniform in the range). */
  think: [number, number];
  signal: AbortSignal;
}

/**
 * Runs one technician until `signal` aborts, starting at a random screen after a random delay, so a
 * crowd added at once is spread over the scenario from its first seconds.
 */
export async function technician(o: TechnicianOptions): Promise<void> {
  const { cookie, catalogue: cat, send } = o;
  // ends the heartbeats too when a screen fails
  const own = new AbortController();
  const signal = AbortSignal.any([o.signal, own.signal]);
  let studied: Activity | null = null;
  const study = (a: Activity) => {
    if (studied === null || RANK[a] > RANK[studied]) studied = a;
  };
  let onManuals = false;
  const think = () => sleep(uniform(o.think[0], o.think[1]) * 1000, undefined, { signal });
  const get = (kind: string, path: string, headers?: Record<string, string>) => send({ kind, method: 'GET', path, headers }, cookie);

  const heartbeats = (async () => {
    await sleep(uniform(0, HEARTBEAT_MS), undefined, { signal });
    for (;;) {
      if (onManuals) study('manual');
      const seen = studied;
      studied = null;
      if (seen) void send({ kind: 'heartbeat', method: 'POST', path: '/api/users/session/heartbeat', body: { activity: seen, visible: true } }, cookie);
      await sleep(HEARTBEAT_MS, undefined, { signal });
    }
  })().catch((err: unknown) => {
    if (!signal.aborted) throw err;
  });

  const screens: (() => Promise<void>)[] = [
    async () => {
      onManuals = false;
      await get('home', '/');
      await get('home', '/api/session');
      await Promise.all([get('home', '/api/course-categories-with-stats'), get('home', '/api/courses/continue'), get('home', '/api/billing/subscription')]);
    },
    async () => {
      await Promise.all([get('contents', '/api/categories'), get('contents', '/api/contents'), get('contents', '/api/contents/continue')]);
    },
    async () => {
      await get('contents', `/api/contents?category=${encodeURIComponent(pick(cat.categorySlugs))}`);
    },
    async () => {
      await get('search', `/api/contents?search=${encodeURIComponent(pick(cat.contentSearches))}`);
    },
    async () => {
      const v = pick(cat.videos);
      await get('content', `/api/contents/${v.id}`);
      const saved = await get('content', `/api/contents/${v.id}/position`);
      let position = 0;
      try {
        const p = JSON.parse(saved.body) as { position?: number } | null;
        position = p?.position ?? 0;
      } catch {
        /* no position */
      }
      const playFor = Math.round(uniform(30, 90));
      if (position + playFor >= v.seconds) position = 0;
      const byteRate = v.bytes / v.seconds;
      const file = `/api/files/videos/${v.file}`;
      await get('video', file, { range: `bytes=0-${RANGE_FIRST - 1}` });
      let at = Math.floor(position * byteRate);
      const report = (from: number, to: number) =>
        send({ kind: 'position', method: 'PUT', path: `/api/contents/${v.id}/position`, body: { position: to, duration: v.seconds, watched: [[from, to]] } }, cookie);
      for (let played = 0; played < playFor; played += REPORT_SECONDS) {
        study('video');
        await get('video', file, { range: `bytes=${at}-${Math.min(at + RANGE_STEP, v.bytes) - 1}` });
        at = Math.min(at + RANGE_STEP, v.bytes - RANGE_STEP);
        const step = Math.min(REPORT_SECONDS, playFor - played);
        await sleep(step * 1000, undefined, { signal });
        study('video');
        await report(position + played, position + played + step);
      }
    },
    async () => {
      onManuals = true;
      await Promise.all([get('manuals', '/api/manuals'), get('manuals', '/api/manufacturers')]);
    },
    async () => {
      await get('manual-search', `/api/manuals/search?q=${encodeURIComponent(pick(cat.manualSearches))}`);
    },
    async () => {
      await get('manuals', '/api/manuals');
      await think();
      const link = await send({ kind: 'download', method: 'POST', path: `/api/manuals/${pick(cat.manualIds)}/download`, body: {} }, cookie);
      const url = link.status === 200 ? (JSON.parse(link.body) as { url?: string }).url : undefined;
      if (url?.startsWith('/api/files/')) await get('download', url);
      await get('manuals', '/api/manuals');
    },
    async () => {
      onManuals = false;
      await Promise.all([get('ranking', '/api/ranking?period=week'), get('ranking', '/api/users/me/stats')]);
    },
  ];

  try {
    await sleep(uniform(0, o.think[1]) * 1000, undefined, { signal });
    for (let i = Math.floor(Math.random() * screens.length); ; i = (i + 1) % screens.length) {
      await screens[i]!();
      await think();
    }
  } catch (err) {
    if (!o.signal.aborted) throw err;
  } finally {
    own.abort();
    await heartbeats;
  }
}
