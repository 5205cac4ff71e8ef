import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { IdPipe, Invalidates, zod } from '@clima/common';
import {
  CourseCategoryCreateBody,
  CourseCategoryListQuery,
  CourseCategoryUpdateBody,
  CourseCategoryWithStats,
  CourseCategory,
} from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { CourseCategoriesService } from './course-categories.service';
import { COURSES_ANSWERS } from '../courses/courses.service';

/** Admin 'Categorias de Curso' (spec 2.14, 7.3). */
@Controller('api/admin/course-categories')
export class AdminCourseCategoriesController {
  constructor(private readonly categories: CourseCategoriesService) {}

  @Get()
  list(@Query(zod(CourseCategoryListQuery)) q: CourseCategoryListQuery): Promise<CourseCategoryWithStats[]> {
    return this.categories.listWithStats(q.search || undefined);
  }

  @Post()
  @Invalidates(COURSES_ANSWERS)
  create(@Body(zod(CourseCategoryCreateBody)) body: CourseCategoryCreateBody): Promise<CourseCategory> {
    return this.categories.create(body);
  }

  @Put(':id')
  @Invalidates(COURSES_ANSWERS)
  update(
    @Param('id', new IdPipe(() => coursesError(CoursesError.CategoryNotFound))) id: number,
    @Body(zod(CourseCategoryUpdateBody)) body: CourseCategoryUpdateBody,
  ): Promise<CourseCategory> {
    return this.categories.update(id, body);
  }

  /** The category's courses stay, without a category. */
  @Delete(':id')
  @Invalidates(COURSES_ANSWERS)
  async remove(@Param('id', new IdPipe(() => coursesError(CoursesError.CategoryNotFound))) id: number): Promise<{ success: true }> {
    await this.categories.remove(id);
    return { success: true };
  }
}
