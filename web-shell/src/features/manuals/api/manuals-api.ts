import type { Manual, ManualDownloadAnswer, ManualPagesAnswer, ManualSearchAnswer, Manufacturer, Model } from '@clima/contract/manuals';
import { api, ApiError, orEmptyList, readError } from '../../../lib/api';

export interface ManualFilters {
  search: string;
  manufacturer: string;
  model: string;
  type: string;
}

/** fetch() rejects with a TypeError when no answer arrives at all (no network, server unreachable). */
export const isNetworkFailure = (err: unknown): boolean => err instanceof TypeError;

/**
 * The library (spec 7.2: a failed load shows an empty list), except when no answer arrives at all: that
 * error is kept, so that the page shows the manuals kept offline instead of an empty library.
 */
export async function fetchManuals(f: ManualFilters, signal?: AbortSignal): Promise<Manual[]> {
  try {
    const data: unknown = await api.get('/api/manuals', { query: { search: f.search, manufacturer: f.manufacturer, model: f.model, type: f.type }, signal });
    return Array.isArray(data) ? (data as Manual[]) : [];
  } catch (err) {
    if (signal?.aborted || isNetworkFailure(err)) throw err;
    console.error(err);
    return [];
  }
}
export const fetchManufacturers = (signal?: AbortSignal): Promise<Manufacturer[]> => orEmptyList(api.get('/api/manufacturers', { signal }), signal);
export const fetchModels = (manufacturer: string, signal?: AbortSignal): Promise<Model[]> =>
  orEmptyList(api.get('/api/models', { query: { manufacturer }, signal }), signal);

export interface ManualSearchFilters {
  q: string;
  manufacturer: string;
  model: string;
}

/** GET /api/manuals/search: pages of the manuals where a code or term appears (snippets for subscribers). */
export const searchInManuals = (f: ManualSearchFilters, signal?: AbortSignal): Promise<ManualSearchAnswer> =>
  api.get('/api/manuals/search', { query: { q: f.q, manufacturer: f.manufacturer, model: f.model }, signal });

/** GET /api/manuals/{id}/pages: every page's plain text, kept with the offline copy. */
export const fetchManualPages = (id: number, signal?: AbortSignal): Promise<ManualPagesAnswer> => api.get('/api/manuals/:id/pages', { params: { id }, signal });

/** Records a download (POST /api/manuals/{id}/download) and answers the address to open. */
export const recordDownload = (id: number): Promise<ManualDownloadAnswer> => api.post('/api/manuals/:id/download', { params: { id } });

export const isSameOrigin = (url: string) => {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
};

/**
 * Opens a manual's file: a PDF of our own storage is downloaded under `<title>.pdf`; an address on
 * another site (a pasted link or the manufacturer's page) opens in a new tab, where the browser ignores
 * a download name.
 */
export function openManualFile(manual: Manual, answer: ManualDownloadAnswer | null): void {
  const url = answer?.url ?? manual.file_url ?? manual.external_url;
  if (!url) return;
  if (isSameOrigin(url)) {
    const link = document.createElement('a');
    link.href = url;
    link.download = answer?.filename ?? `${manual.title}.pdf`;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    return;
  }
  window.open(url, '_blank', 'noopener');
}

/** A manual whose file lives on another site (a link): the browser cannot read it into the viewer. */
export class ExternalManualError extends Error {
  constructor(readonly url: string) {
    super(url);
    this.name = 'ExternalManualError';
  }
}

/** A manual's PDF bytes, through the download flow (the download is recorded, as for 'Baixar'). */
export async function fetchManualPdf(id: number, signal?: AbortSignal): Promise<{ bytes: ArrayBuffer; filename: string }> {
  const answer = await recordDownload(id);
  if (!isSameOrigin(answer.url)) throw new ExternalManualError(answer.url);
  const res = await fetch(answer.url, { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, await readError(res, `HTTP ${res.status}`));
  return { bytes: await res.arrayBuffer(), filename: answer.filename };
}
