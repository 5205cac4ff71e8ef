import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Manufacturer, Model } from '@clima/contract';
import { mapManufacturer, mapModel } from './manual.mapper';
import { asId, cleanName, nameSlug } from './name-key';
import { returnedRows } from './sql';

/**
 * SQL condition matching a manufacturer (alias `alias`) by id, slug or name (case and accents ignored).
 * Parameters: $idParam (integer or null), $valueParam (the raw text), $slugParam (its slug).
 */
export function matchByIdSlugOrName(alias: string, idParam: number, valueParam: number, slugParam: number): string {
  return `(${alias}.id = $${idParam} OR ${alias}.slug = $${valueParam} OR ${alias}.slug = $${slugParam}
           OR public.f_unaccent(lower(${alias}.name)) = public.f_unaccent(lower($${valueParam})))`;
}

/** Parameters for `matchByIdSlugOrName`. */
export const matchParams = (value: string): [number | null, string, string] => [asId(value), value, nameSlug(value)];

@Injectable()
export class ManufacturersService {
  constructor(private readonly ds: DataSource) {}

  /** Manufacturers that have at least one published manual, by name. */
  async listPublic(): Promise<Manufacturer[]> {
    const rows = await this.ds.query(`
      SELECT f.id, f.name, f.slug, f.logo_url
        FROM manuals.manufacturers f
       WHERE EXISTS (SELECT 1 FROM manuals.manuals m WHERE m.manufacturer_id = f.id AND m.is_published)
       ORDER BY public.f_unaccent(lower(f.name)), f.id`);
    return rows.map(mapManufacturer);
  }

  /** Models (with at least one published manual) of the manufacturer given by id, slug or name. */
  async listModels(manufacturer: string | undefined): Promise<Model[]> {
    if (!manufacturer) return [];
    const rows = await this.ds.query(
      `SELECT d.id, d.name, d.slug
         FROM manuals.models d
         JOIN manuals.manufacturers f ON f.id = d.manufacturer_id
        WHERE ${matchByIdSlugOrName('f', 1, 2, 3)}
          AND EXISTS (SELECT 1 FROM manuals.manuals m WHERE m.model_id = d.id AND m.is_published)
        ORDER BY public.f_unaccent(lower(d.name)), d.id`,
      matchParams(manufacturer),
    );
    return rows.map(mapModel);
  }

  /**
   * The manufacturer with this name (case, accents and punctuation ignored), created when missing.
   * Safe under concurrent creates: the unique slug decides, and the loser reads the winner's row.
   * A logo given for a manufacturer that has none is kept.
   */
  async findOrCreateManufacturer(m: EntityManager, name: string, logoUrl: string | null): Promise<number> {
    const slug = nameSlug(name);
    const inserted: { id: number }[] = await m.query(
      `INSERT INTO manuals.manufacturers (name, slug, logo_url) VALUES ($1, $2, $3)
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [cleanName(name), slug, logoUrl],
    );
    if (inserted[0]) return inserted[0].id;
    const [row] = returnedRows<{ id: number }>(
      await m.query(`UPDATE manuals.manufacturers SET logo_url = COALESCE(logo_url, $2) WHERE slug = $1 RETURNING id`, [slug, logoUrl]),
    );
    return row!.id;
  }

  /** The model with this name within the manufacturer, created when missing (same rules as manufacturers). */
  async findOrCreateModel(m: EntityManager, manufacturerId: number, name: string): Promise<number> {
    const slug = nameSlug(name);
    const inserted: { id: number }[] = await m.query(
      `INSERT INTO manuals.models (manufacturer_id, name, slug) VALUES ($1, $2, $3)
       ON CONFLICT (manufacturer_id, slug) DO NOTHING RETURNING id`,
      [manufacturerId, cleanName(name), slug],
    );
    if (inserted[0]) return inserted[0].id;
    const [row]: { id: number }[] = await m.query(`SELECT id FROM manuals.models WHERE manufacturer_id = $1 AND slug = $2`, [
      manufacturerId,
      slug,
    ]);
    return row!.id;
  }
}
