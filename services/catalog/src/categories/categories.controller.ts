import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { AUDIENCE, IdPipe, Invalidates, SharedAnswer, zod } from '@clima/common';
import { CategoriesQuery, CategoryBody, ContentCategory } from '@clima/contract';
import { CategoriesService } from './categories.service';
import { CONTENTS_ANSWERS } from '../contents/contents.service';
import { catalogError, CatalogError } from '../catalog.errors';

const categoryId = new IdPipe(() => catalogError(CatalogError.CategoryNotFound));

@Controller('api')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  /** GET /api/categories: every category, by name (the content list's filter). */
  @Get('categories')
  @SharedAnswer({ scopes: [CONTENTS_ANSWERS], audience: AUDIENCE.everyone })
  list(): Promise<ContentCategory[]> {
    return this.categories.list();
  }

  @Get('admin/categories')
  adminList(@Query(zod(CategoriesQuery)) q: CategoriesQuery): Promise<ContentCategory[]> {
    return this.categories.list(q.search || undefined);
  }

  @Post('admin/categories')
  @Invalidates(CONTENTS_ANSWERS)
  create(@Body(zod(CategoryBody)) body: CategoryBody): Promise<ContentCategory> {
    return this.categories.create(body);
  }

  @Put('admin/categories/:id')
  @Invalidates(CONTENTS_ANSWERS)
  update(@Param('id', categoryId) id: number, @Body(zod(CategoryBody)) body: CategoryBody): Promise<ContentCategory> {
    return this.categories.update(id, body);
  }

  @Delete('admin/categories/:id')
  @Invalidates(CONTENTS_ANSWERS)
  async remove(@Param('id', categoryId) id: number): Promise<{ success: true }> {
    await this.categories.remove(id);
    return { success: true };
  }
}
