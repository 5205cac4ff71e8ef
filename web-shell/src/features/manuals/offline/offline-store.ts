import type { Manual, ManualPagesAnswer } from '@clima/contract/manuals';
import { clear, createStore, delMany, get, getMany, keys, setMany, type UseStore } from 'idb-keyval';

/**
 * Manuals kept in the browser for use without network ('Disponível offline'): per manual its PDF bytes
 * and its page text (IndexedDB). The copies belong to one user, the owner: saving for another user
 * drops the previous user's copies first, and `syncOfflineAccess` drops them all when, online, the
 * session is gone, belongs to someone else or has no active subscription.
 */

/** One manual kept offline (without its PDF bytes, which are stored apart so that listing stays light). */
export interface OfflineManual {
  manual: Manual;
  /** Each page's text (and, on a scanned page, the words OCR placed on it, for the viewer's highlight). */
  pages: ManualPagesAnswer['pages'];
  /** Size of the stored PDF, bytes. */
  pdf_bytes: number;
  /** Size of the stored page text, bytes (UTF-16 as the browser keeps it). */
  text_bytes: number;
  saved_at: string;
}

const OWNER_KEY = 'owner';
const manualKey = (id: number) => `manual:${id}`;
const pdfKey = (id: number) => `pdf:${id}`;

let defaultStore: UseStore | null = null;
/** Opened on first use: merely loading the page must not touch IndexedDB. */
const store = (): UseStore => (defaultStore ??= createStore('clima-manuais-offline', 'copias'));

export const offlineOwner = (): Promise<string | undefined> => get<string>(OWNER_KEY, store());

async function manualKeys(): Promise<string[]> {
  return (await keys<IDBValidKey>(store())).filter((k): k is string => typeof k === 'string' && k.startsWith('manual:'));
}

/** The manuals kept offline, by title. */
export async function listOfflineManuals(): Promise<OfflineManual[]> {
  const found = await getMany<OfflineManual>(await manualKeys(), store());
  return found.filter((m): m is OfflineManual => m !== undefined).sort((a, b) => a.manual.title.localeCompare(b.manual.title, 'pt-BR'));
}

export const getOfflineManual = (id: number): Promise<OfflineManual | undefined> => get<OfflineManual>(manualKey(id), store());

/** The stored PDF bytes of a manual (a fresh copy each call: pdf.js takes ownership of what it is given). */
export const getOfflinePdf = (id: number): Promise<ArrayBuffer | undefined> => get<ArrayBuffer>(pdfKey(id), store());

/** The ids kept offline (cheap: reads keys only). */
export async function offlineIds(): Promise<Set<number>> {
  return new Set((await manualKeys()).map((k) => Number(k.slice('manual:'.length))));
}

/**
 * Keeps a manual for `owner`: PDF and text in one transaction, so a listed manual always has its PDF.
 * Copies of another user are dropped first.
 */
export async function saveOfflineManual(owner: string, manual: Manual, pdf: ArrayBuffer, pages: ManualPagesAnswer['pages']): Promise<OfflineManual> {
  const current = await offlineOwner();
  if (current !== undefined && current !== owner) await clearOfflineManuals();
  const entry: OfflineManual = {
    manual,
    pages,
    pdf_bytes: pdf.byteLength,
    text_bytes: pages.reduce((sum, p) => sum + p.text.length * 2, 0),
    saved_at: new Date().toISOString(),
  };
  await setMany(
    [
      [OWNER_KEY, owner],
      [pdfKey(manual.id), pdf],
      [manualKey(manual.id), entry],
    ],
    store(),
  );
  return entry;
}

/** Removes one manual's copy, freeing its space. */
export const removeOfflineManual = (id: number): Promise<void> => delMany([manualKey(id), pdfKey(id)], store());

export const clearOfflineManuals = (): Promise<void> => clear(store());

/** Space taken: the stored PDFs and texts, and the browser's own estimate for the whole site when it has one. */
export interface OfflineUsage {
  bytes: number;
  estimate: { usage: number; quota: number } | null;
}

export async function offlineUsage(): Promise<OfflineUsage> {
  const list = await listOfflineManuals();
  const bytes = list.reduce((sum, m) => sum + m.pdf_bytes + m.text_bytes, 0);
  let estimate: OfflineUsage['estimate'] = null;
  try {
    const e = await navigator.storage?.estimate?.();
    if (e && typeof e.usage === 'number' && typeof e.quota === 'number') estimate = { usage: e.usage, quota: e.quota };
  } catch {
    // no estimate in this browser: the sum of the copies is still shown
  }
  return { bytes, estimate };
}

/**
 * Asks the browser not to evict the copies under storage pressure. Answers whether storage is
 * persistent; a browser without the API (or that refuses) keeps them as best-effort storage.
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

/** The user as the session answers it (`GET /api/session`); null when signed out. */
export interface SessionUser {
  id: string;
  subscription_status: string | null;
}

/** Whether the copies may stay for this session: only for their owner, signed in with an active subscription. */
export function mayKeepOffline(owner: string | undefined, user: SessionUser | null): boolean {
  return user !== null && user.subscription_status === 'active' && (owner === undefined || owner === user.id);
}

export type OfflineCheck = 'none' | 'kept' | 'dropped' | 'unreachable';

/**
 * The online check: with copies stored, asks the session who is signed in and drops every copy unless
 * `mayKeepOffline`. A failed request (no network) keeps them: offline use is what they are for.
 */
export async function syncOfflineAccess(loadSession: () => Promise<SessionUser | null>): Promise<OfflineCheck> {
  if ((await manualKeys()).length === 0) return 'none';
  let user: SessionUser | null;
  try {
    user = await loadSession();
  } catch {
    return 'unreachable';
  }
  if (mayKeepOffline(await offlineOwner(), user)) return 'kept';
  await clearOfflineManuals();
  return 'dropped';
}
