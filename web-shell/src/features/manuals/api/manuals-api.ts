import type { Manual, Manufacturer, Model } from '@clima/contract/manuals';
import { api, apiList, withQuery } from '../../../lib/api';

export interface ManualFilters {
  search: string;
  manufacturer: string;
  model: string;
  type: string;
}

export const fetchManuals = (f: ManualFilters, signal?: AbortSignal) =>
  apiList<Manual>(withQuery('/api/manuals', { search: f.search, manufacturer: f.manufacturer, model: f.model, type: f.type }), signal);
export const fetchManufacturers = () => apiList<Manufacturer>('/api/manufacturers');
export const fetchModels = (manufacturer: string) => apiList<Model>(withQuery('/api/models', { manufacturer }));

/** Records the download (failures logged and ignored), then opens the file. */
export async function downloadManual(manual: Manual): Promise<void> {
  try {
    await api(`/api/manuals/${manual.id}/download`, { method: 'POST' });
  } catch (err) {
    console.error('Falha ao registrar download', err);
  }
  const url = manual.file_url ?? manual.external_url;
  if (!url) return;
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.download = `${manual.title}.pdf`;
  link.click();
}
