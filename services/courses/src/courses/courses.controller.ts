import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, UseFilters } from '@nestjs/common';
import { AUDIENCE, CurrentIdentity, CurrentUser, type HttpRequest, type Identity, IdPipe, SharedAnswer, UserIdentity, zod } from '@clima/common';
import { ContinueLesson, Course, CourseLesson, CourseListQuery, CoursePreview, LessonPosition, LessonProgress, WatchReport } from '@clima/contract';
import { LessonsService } from '../lessons/lessons.service';
import { ProgressService } from '../progress/progress.service';
import { CourseAccessFilter } from '../shared/course-access.filter';
import { coursesError, CoursesError } from '../courses.errors';
import { publicAudience } from './course.mapper';
import { COURSES_ANSWERS, CoursesService } from './courses.service';

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
  @SharedAnswer({ scopes: [COURSES_ANSWERS], audience: AUDIENCE.subscribersApart })
  list(@Query(zod(CourseListQuery)) q: CourseListQuery, @CurrentIdentity() identity: Identity): Promise<Course[]> {
    return this.courses.listPublished({ category: q.category || undefined, search: q.search || undefined }, publicAudience(identity));
  }

  /** 'Continuar assistindo': the lesson to resume in each course the caller started (declared before `:id`). */
  @Get('continue')
  continueWatching(@CurrentUser() user: UserIdentity, @CurrentIdentity() identity: Identity): Promise<ContinueLesson[]> {
    return this.progress.continueWatching(user.id, identity);
  }

  @Get(':id')
  get(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number): Promise<Course> {
    return this.courses.getPublished(id);
  }

  /** The locked preview a visitor sees of a shared course (issue 25): public, no video sources. */
  @Get(':id/preview')
  preview(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number): Promise<CoursePreview> {
    return this.courses.preview(id);
  }

  @Get(':id/lessons')
  lessonsOf(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number): Promise<CourseLesson[]> {
    return this.lessons.list(id, { publishedOnly: true });
  }

  @Get(':id/progress')
  progressOf(@Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number, @CurrentUser() user: UserIdentity): Promise<LessonProgress[]> {
    return this.progress.list(id, user.id);
  }

  /**
   * The old "frame loaded = completed" call, kept for clients that still send it: it answers the lesson's
   * state and records nothing (a lesson completes only by being watched, see the position route).
   */
  @Post(':id/lessons/:lessonId/progress')
  @HttpCode(200)
  state(
    @Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number,
    @Param('lessonId', new IdPipe(() => coursesError(CoursesError.LessonNotFound))) lessonId: number,
    @CurrentUser() user: UserIdentity,
  ): Promise<LessonProgress> {
    return this.progress.state(id, lessonId, user.id);
  }

  /** The player's report: where the user stopped and what they played; completes the lesson once mostly watched. */
  @Put(':id/lessons/:lessonId/position')
  report(
    @Param('id', new IdPipe(() => coursesError(CoursesError.CourseNotFound))) id: number,
    @Param('lessonId', new IdPipe(() => coursesError(CoursesError.LessonNotFound))) lessonId: number,
    @Body(zod(WatchReport)) body: WatchReport,
    @CurrentUser() user: UserIdentity,
    @Req() req: HttpRequest,
  ): Promise<LessonPosition> {
    return this.progress.report(id, lessonId, user.id, body, req.id);
  }
}
