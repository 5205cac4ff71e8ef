import { Injectable } from '@nestjs/common';
import type { Queryable } from '@clima/common';
import type { Manufacturer, Model } from '@clima/contract';
import { mapManufacturer, mapModel } from './manual.mapper';
import { ManufacturersRepository } from './manufacturers.repository';
import { cleanName, nameSlug } from './name-key';

@Injectable()
export class ManufacturersService {
  constructor(private readonly repo: ManufacturersRepository) {}

  /** Manufacturers that have at least one published manual, by name. */
  async listPublic(): Promise<Manufacturer[]> {
    return (await this.repo.listPublished()).map(mapManufacturer);
  }

  /** Models (with at least one published manual) of the manufacturer given by id, slug or name. */
  async listModels(manufacturer: string | undefined): Promise<Model[]> {
    if (!manufacturer) return [];
    return (await this.repo.listPublishedModels(manufacturer)).map(mapModel);
  }

  /**
   * The manufacturer with this name (case, accents and punctuation ignored), created when missing.
   * A logo given for a manufacturer that has none is kept.
   */
  findOrCreateManufacturer(db: Queryable, name: string, logoUrl: string | null): Promise<number> {
    return this.repo.findOrInsertManufacturer(db, { name: cleanName(name), slug: nameSlug(name), logoUrl });
  }

  /** The model with this name within the manufacturer, created when missing (same rules as manufacturers). */
  findOrCreateModel(db: Queryable, manufacturerId: number, name: string): Promise<number> {
    return this.repo.findOrInsertModel(db, { manufacturerId, name: cleanName(name), slug: nameSlug(name) });
  }
}
