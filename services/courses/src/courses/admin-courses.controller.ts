import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { IdPipe, Invalidates, zod } from '@clima/common';
import { Course, CourseCreateBody, CourseListQuery, CourseTogglePublishedBody, CourseUpdateBody } from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { CoursesService } from './courses.service';
import { COURSES_ANSWERS } from './courses.service';

/** Admin 'Gerenciar Aulas' (spec 2.14, 7.3): every course, drafts included. */
@Controller('api/admin/courses')
export class AdminCoursesController {
  constructor(private readonly courses: CoursesService) {}

  /** `category` is a slug (or an id); `search` looks in title and description. */
  @Get()
  list(@Query(zod(CourseListQuery)) q: CourseListQuery): Promise<Course[]> {
    return this.courses.adminList({ category: q.category || undefined, search: q.search || undefined });
  }

  @Get(':id')
  get(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number): Promise<Course> {
    return this.courses.get(id);
  }

  @Post()
  @Invalidates(COURSES_ANSWERS)
  create(@Body(zod(CourseCreateBody)) body: CourseCreateBody): Promise<Course> {
    return this.courses.create(body);
  }

  @Put(':id')
  @Invalidates(COURSES_ANSWERS)
  update(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number, @Body(zod(CourseUpdateBody)) body: CourseUpdateBody): Promise<Course> {
    return this.courses.update(id, body);
  }

  @Patch(':id/toggle-published')
  @Invalidates(COURSES_ANSWERS)
  togglePublished(
    @Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number,
    @Body(zod(CourseTogglePublishedBody)) body: CourseTogglePublishedBody,
  ): Promise<Course> {
    return this.courses.setPublished(id, body.is_published);
  }

  /** Deletes the course with its lessons and everyone's progress in them. */
  @Delete(':id')
  @Invalidates(COURSES_ANSWERS)
  async remove(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number): Promise<{ success: true }> {
    await this.courses.remove(id);
    return { success: true };
  }
}
