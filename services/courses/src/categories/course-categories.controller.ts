import { Controller, Get, Query } from '@nestjs/common';
import { AUDIENCE, SharedAnswer, zod } from '@clima/common';
import { CourseCategory, CourseCategoryListQuery, CourseCategoryWithStats } from '@clima/contract';
import { CourseCategoriesService } from './course-categories.service';
import { COURSES_ANSWERS } from '../courses/courses.service';

/** The course home's lists (spec 7.2): public, so the marketing pages can show them too. */
@Controller('api')
export class CourseCategoriesController {
  constructor(private readonly categories: CourseCategoriesService) {}

  @Get('course-categories')
  @SharedAnswer({ scopes: [COURSES_ANSWERS], audience: AUDIENCE.everyone })
  list(): Promise<CourseCategory[]> {
    return this.categories.list();
  }

  @Get('course-categories-with-stats')
  @SharedAnswer({ scopes: [COURSES_ANSWERS], audience: AUDIENCE.everyone })
  listWithStats(@Query(zod(CourseCategoryListQuery)) q: CourseCategoryListQuery): Promise<CourseCategoryWithStats[]> {
    return this.categories.listWithStats(q.search || undefined);
  }
}
