import { Controller, Get, HttpCode, Param, Post, Query, UseFilters } from '@nestjs/common';
import { CurrentIdentity, CurrentUser, type Identity, IdPipe, Public, Subscriber, UserIdentity, zod } from '@clima/common';
import { Course, CourseLesson, CourseListQuery, LessonProgress } from '@clima/contract';
import { LessonsService } from '../lessons/lessons.service';
import { ProgressService } from '../progress/progress.service';
import { CourseAccessFilter } from '../shared/course-access.filter';
import { coursesError, CoursesError } from '../courses.errors';
import { publicAudience } from './course.mapper';
import { CoursesService } from './courses.service';

/** The subscriber's courses (spec 7.2): the list is public, a course and its lessons need an active subscription. */
@Controller('api/courses')
@UseFilters(CourseAccessFilter)
export class CoursesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly lessons: LessonsService,
    private readonly progress: ProgressService,
  ) {}

  /** Published courses; `category` is a slug or an id. Only active subscribers get the video sources in the list. */
  @Get()
  @Public()
  list(@Query(zod(CourseListQuery)) q: CourseListQuery, @CurrentIdentity() identity: Identity): Promise<Course[]> {
    return this.courses.listPublished({ category: q.category || undefined, search: q.search || undefined }, publicAudience(identity));
  }

  @Get(':id')
  @Subscriber()
  get(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number): Promise<Course> {
    return this.courses.getPublished(id);
  }

  @Get(':id/lessons')
  @Subscriber()
  lessonsOf(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number): Promise<CourseLesson[]> {
    return this.lessons.list(id, { publishedOnly: true });
  }

  @Get(':id/progress')
  @Subscriber()
  progressOf(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number, @CurrentUser() user: UserIdentity): Promise<LessonProgress[]> {
    return this.progress.list(id, user.id);
  }

  /** Marks the lesson completed; calling it again changes nothing and answers the same. */
  @Post(':id/lessons/:lessonId/progress')
  @Subscriber()
  @HttpCode(200)
  complete(
    @Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number,
    @Param('lessonId', new IdPipe(() => coursesError(CoursesError.LessonNotFound))) lessonId: number,
    @CurrentUser() user: UserIdentity,
  ): Promise<LessonProgress> {
    return this.progress.complete(id, lessonId, user.id);
  }
}
