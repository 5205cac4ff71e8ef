import { createHash } from 'node:crypto';
import { slugify } from '@clima/contract';

/** Spaces collapsed and trimmed: the name as it is stored and shown. */
export const cleanName = (name: string) => name.replace(/\s+/g, ' ').trim();

/**
 * The slug that identifies a manufacturer (or a model within its manufacturer). Names that differ only
 * in case, accents, spacing or punctuation share it, so "Springer Midea" and "springer-midéa" are one.
 * A name without any latin letter or digit gets a stable slug derived from the name itself.
 */
export function nameSlug(name: string): string {
  const slug = slugify(cleanName(name)).replace(/^-+|-+$/g, '').slice(0, 120).replace(/-+$/, '');
  if (slug) return slug;
  const key = cleanName(name).toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return `n-${createHash('sha1').update(key).digest('hex').slice(0, 12)}`;
}

/** A filter value that may be an id. */
export const asId = (v: string): number | null => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null);
