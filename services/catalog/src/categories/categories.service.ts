import { Injectable } from '@nestjs/common';
import { auditBefore, mapConstraintErrors } from '@clima/common';
import { CategoryBody, ContentCategory, slugify } from '@clima/contract';
import { CategoriesRepository } from './categories.repository';
import { mapCategory } from './category.mapper';
import { catalogError, CatalogError } from '../catalog.errors';

/** Content categories: the public list and the admin CRUD. */
@Injectable()
export class CategoriesService {
  constructor(private readonly categories: CategoriesRepository) {}

  async list(search?: string): Promise<ContentCategory[]> {
    return (await this.categories.list(search)).map(mapCategory);
  }

  async create(body: CategoryBody): Promise<ContentCategory> {
    const slug = this.slugOf(body);
    const row = await this.writing(() => this.categories.insert({ name: body.name, slug, description: body.description ?? null }));
    return mapCategory(row);
  }

  async update(id: number, body: CategoryBody): Promise<ContentCategory> {
    const slug = this.slugOf(body);
    await this.recordBefore(id);
    const row = await this.writing(() => this.categories.update(id, { name: body.name, slug, description: body.description ?? null }));
    if (!row) throw catalogError(CatalogError.CategoryNotFound);
    return mapCategory(row);
  }

  /** The category's contents stay, uncategorised. */
  async remove(id: number): Promise<void> {
    await this.recordBefore(id);
    if (!(await this.categories.delete(id))) throw catalogError(CatalogError.CategoryNotFound);
  }

  /** The category as it was, for the audit log. */
  private async recordBefore(id: number): Promise<void> {
    const row = await this.categories.find(id);
    if (row) auditBefore(mapCategory(row));
  }

  /** The slug sent, or the one spec 5 generates from the name when it was left blank. */
  private slugOf(body: CategoryBody): string {
    const slug = body.slug ?? slugify(body.name);
    if (!slug) throw catalogError(CatalogError.SlugRequired);
    return slug;
  }

  private writing<T>(work: () => Promise<T>): Promise<T> {
    return mapConstraintErrors(work, { unique: () => catalogError(CatalogError.SlugTaken) });
  }
}
