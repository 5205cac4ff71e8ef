import type { Manual, ManualDownloadAnswer, Manufacturer, Model } from '@clima/contract/manuals';
import { api, orEmptyList } from '../../../lib/api';

export interface ManualFilters {
  search: string;
  manufacturer: string;
  model: string;
  type: string;
}

export const fetchManuals = (f: ManualFilters, signal?: AbortSignal): Promise<Manual[]> =>
  orEmptyList(api.get('/api/manuals', { query: { search: f.search, manufacturer: f.manufacturer, model: f.model, type: f.type }, signal }), signal);
export const fetchManufacturers = (signal?: AbortSignal): Promise<Manufacturer[]> => orEmptyList(api.get('/api/manufacturers', { signal }), signal);
export const fetchModels = (manufacturer: string, signal?: AbortSignal): Promise<Model[]> =>
  orEmptyList(api.get('/api/models', { query: { manufacturer }, signal }), signal);

/** Records a download (POST /api/manuals/{id}/download) and answers the address to open. */
export const recordDownload = (id: number): Promise<ManualDownloadAnswer> => api.post('/api/manuals/:id/download', { params: { id } });

const isSameOrigin = (url: string) => {
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
