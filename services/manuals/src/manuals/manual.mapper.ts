import { isoText } from '@clima/common';
import type { Manual, ManualTextStatus, ManualType, Manufacturer, Model } from '@clima/contract';

/**
 * What the public lists (manuals, manufacturers, models) are made of, for their shared answers: every write of
 * a manual (saved, deleted, downloaded — the list shows the counts — or its text's status) drops them.
 */
export const MANUALS_ANSWERS = 'manuals';

/** A manual joined with its manufacturer and model, as `MANUAL_SELECT` reads it. */
export interface ManualRow {
  id: number;
  title: string;
  description: string | null;
  manufacturer_id: number;
  manufacturer_name: string;
  manufacturer_logo: string | null;
  model_id: number;
  model_name: string;
  manual_type: ManualType;
  file_url: string | null;
  file_size: string | number | null;
  external_url: string | null;
  is_published: boolean;
  download_count: number;
  created_at: Date | string;
  text_status: ManualTextStatus | null;
  page_count: number | null;
  ocr_pages: number | null;
  text_error: string | null;
}

export const MANUAL_SELECT = `
  SELECT m.id, m.title, m.description, m.manufacturer_id, f.name AS manufacturer_name, f.logo_url AS manufacturer_logo,
         m.model_id, d.name AS model_name, m.manual_type, m.file_url, m.file_size, m.external_url,
         m.is_published, m.download_count, m.created_at, m.text_status, m.page_count, m.ocr_pages, m.text_error
    FROM manuals.manuals m
    JOIN manuals.manufacturers f ON f.id = m.manufacturer_id
    JOIN manuals.models d ON d.id = m.model_id`;

/** The Manual shape of the contract (spec section 3): is_published 0/1, sizes in bytes, ISO dates. */
export function mapManual(r: ManualRow): Manual {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    manufacturer_id: r.manufacturer_id,
    manufacturer_name: r.manufacturer_name,
    manufacturer_logo: r.manufacturer_logo,
    model_id: r.model_id,
    model_name: r.model_name,
    manual_type: r.manual_type,
    file_url: r.file_url,
    file_size: r.file_size === null ? null : Number(r.file_size),
    external_url: r.external_url,
    is_published: r.is_published ? 1 : 0,
    download_count: Number(r.download_count),
    created_at: isoText(r.created_at),
    text_status: r.text_status,
    page_count: r.page_count,
    ocr_pages: r.ocr_pages,
    text_error: r.text_error,
  };
}

export const mapManufacturer = (r: { id: number; name: string; slug: string; logo_url: string | null }): Manufacturer => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  logo_url: r.logo_url,
});

export const mapModel = (r: { id: number; name: string; slug: string }): Model => ({ id: r.id, name: r.name, slug: r.slug });

/** `<title>.pdf`, without the characters a file name cannot hold. */
export function downloadFilename(title: string): string {
  const base = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.pdf$/i, '')
    .slice(0, 150)
    .trim();
  return `${base || 'manual'}.pdf`;
}
