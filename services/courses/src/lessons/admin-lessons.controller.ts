import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { Audited, IdPipe, Invalidates, zod } from '@clima/common';
import { CourseLesson, LessonCreateBody, LessonOrderBody, LessonUpdateBody } from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { LessonsService } from './lessons.service';
import { COURSES_ANSWERS } from '../courses/courses.service';

/** Lesson management inside the course editor (a product addition to the spec's admin). */
@Controller('api/admin')
export class AdminLessonsController {
  constructor(private readonly lessons: LessonsService) {}

  @Get('courses/:id/lessons')
  list(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) courseId: number): Promise<CourseLesson[]> {
    return this.lessons.list(courseId, { publishedOnly: false });
  }

  @Post('courses/:id/lessons')
  @Invalidates(COURSES_ANSWERS)
  @Audited({ entity: 'lessons' })
  create(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) courseId: number, @Body(zod(LessonCreateBody)) body: LessonCreateBody): Promise<CourseLesson> {
    return this.lessons.create(courseId, body);
  }

  /** The whole new order; answers the lessons in it. */
  @Put('courses/:id/lessons/order')
  @Invalidates(COURSES_ANSWERS)
  @Audited({ entity: 'courses', action: 'reorder' })
  reorder(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) courseId: number, @Body(zod(LessonOrderBody)) body: LessonOrderBody): Promise<CourseLesson[]> {
    return this.lessons.reorder(courseId, body.lesson_ids);
  }

  @Put('lessons/:id')
  @Invalidates(COURSES_ANSWERS)
  update(@Param('id', new IdPipe(() => coursesError(CoursesError.LessonNotFound))) id: number, @Body(zod(LessonUpdateBody)) body: LessonUpdateBody): Promise<CourseLesson> {
    return this.lessons.update(id, body);
  }

  @Delete('lessons/:id')
  @Invalidates(COURSES_ANSWERS)
  async remove(@Param('id', new IdPipe(() => coursesError(CoursesError.LessonNotFound))) id: number): Promise<{ success: true }> {
    await this.lessons.remove(id);
    return { success: true };
  }
}
