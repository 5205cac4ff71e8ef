import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Queryable, queryOne, queryRows } from '@clima/common';
import { asId, nameSlug } from './name-key';

export interface ManufacturerRow {
  id: number;
  name: string;
  slug: string;
  logo_url: string | null;
}

export interface ModelRow {
  id: number;
  name: string;
  slug: string;
}

/**
 * SQL condition matching a manufacturer or model (alias `alias`) by id, slug or name (case and accents
 * ignored), with its three parameters numbered from `first`; `matchParams` gives their values.
 */
export function matchByIdSlugOrName(alias: string, first: number): string {
  const [id, value, slug] = [first, first + 1, first + 2];
  return `(${alias}.id = $${id} OR ${alias}.slug = $${value} OR ${alias}.slug = $${slug}
           OR public.f_unaccent(lower(${alias}.name)) = public.f_unaccent(lower($${value})))`;
}

/** Parameters for `matchByIdSlugOrName`: the id (integer or null), the raw text and its slug. */
export const matchParams = (value: string): [number | null, string, string] => [asId(value), value, nameSlug(value)];

/** The `manuals.manufacturers` and `manuals.models` tables. */
@Injectable()
export class ManufacturersRepository {
  constructor(private readonly ds: DataSource) {}

  /** Manufacturers that have at least one published manual, by name. */
  listPublished(): Promise<ManufacturerRow[]> {
    return queryRows<ManufacturerRow>(
      this.ds,
      `SELECT f.id, f.name, f.slug, f.logo_url
         FROM manuals.manufacturers f
        WHERE EXISTS (SELECT 1 FROM manuals.manuals m WHERE m.manufacturer_id = f.id AND m.is_published)
        ORDER BY public.f_unaccent(lower(f.name)), f.id`,
    );
  }

  /** Models with at least one published manual of the manufacturer given by id, slug or name, by name. */
  listPublishedModels(manufacturer: string): Promise<ModelRow[]> {
    return queryRows<ModelRow>(
      this.ds,
      `SELECT d.id, d.name, d.slug
         FROM manuals.models d
         JOIN manuals.manufacturers f ON f.id = d.manufacturer_id
        WHERE ${matchByIdSlugOrName('f', 1)}
          AND EXISTS (SELECT 1 FROM manuals.manuals m WHERE m.model_id = d.id AND m.is_published)
        ORDER BY public.f_unaccent(lower(d.name)), d.id`,
      matchParams(manufacturer),
    );
  }

  /**
   * The manufacturer with this slug, created when missing. Safe under concurrent creates: the unique
   * slug decides, and the loser reads the winner's row. A logo given for a manufacturer that has none is kept.
   */
  async findOrInsertManufacturer(db: Queryable, m: { name: string; slug: string; logoUrl: string | null }): Promise<number> {
    const inserted = await queryOne<{ id: number }>(
      db,
      `INSERT INTO manuals.manufacturers (name, slug, logo_url) VALUES ($1, $2, $3)
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [m.name, m.slug, m.logoUrl],
    );
    if (inserted) return inserted.id;
    const row = await queryOne<{ id: number }>(
      db,
      `UPDATE manuals.manufacturers SET logo_url = COALESCE(logo_url, $2) WHERE slug = $1 RETURNING id`,
      [m.slug, m.logoUrl],
    );
    return row!.id;
  }

  /** The model with this slug within the manufacturer, created when missing (same rules as manufacturers). */
  async findOrInsertModel(db: Queryable, m: { manufacturerId: number; name: string; slug: string }): Promise<number> {
    const inserted = await queryOne<{ id: number }>(
      db,
      `INSERT INTO manuals.models (manufacturer_id, name, slug) VALUES ($1, $2, $3)
       ON CONFLICT (manufacturer_id, slug) DO NOTHING RETURNING id`,
      [m.manufacturerId, m.name, m.slug],
    );
    if (inserted) return inserted.id;
    const row = await queryOne<{ id: number }>(db, `SELECT id FROM manuals.models WHERE manufacturer_id = $1 AND slug = $2`, [
      m.manufacturerId,
      m.slug,
    ]);
    return row!.id;
  }
}
