import { Body, Controller, Get, HttpCode, Param, Post, Req, UseFilters } from '@nestjs/common';
import { CurrentUser, type HttpRequest, IdPipe, type UserIdentity, zod } from '@clima/common';
import { AssessmentAttempt, AssessmentResult, AssessmentStatus, LessonQuiz, QuizAnswersBody, QuizResult } from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { CourseAccessFilter } from '../shared/course-access.filter';
import { QuizzesService } from './quizzes.service';

const courseId = () => new IdPipe(() => coursesError(CoursesError.CourseNotFound));
const lessonId = () => new IdPipe(() => coursesError(CoursesError.LessonNotFound));

/** The subscriber's lesson quizzes and final assessment (issue 27): questions without answers, scored on submit. */
@Controller('api/courses')
@UseFilters(CourseAccessFilter)
export class QuizzesController {
  constructor(private readonly quizzes: QuizzesService) {}

  @Get(':id/lessons/:lessonId/quiz')
  lessonQuiz(@Param('id', courseId()) id: number, @Param('lessonId', lessonId()) lesson: number, @CurrentUser() user: UserIdentity): Promise<LessonQuiz> {
    return this.quizzes.lessonQuiz(id, lesson, user.id);
  }

  @Post(':id/lessons/:lessonId/quiz/attempts')
  answerLessonQuiz(
    @Param('id', courseId()) id: number,
    @Param('lessonId', lessonId()) lesson: number,
    @Body(zod(QuizAnswersBody)) body: QuizAnswersBody,
    @CurrentUser() user: UserIdentity,
    @Req() req: HttpRequest,
  ): Promise<QuizResult> {
    return this.quizzes.answerLessonQuiz(id, lesson, user.id, body, req.id);
  }

  @Get(':id/assessment')
  assessment(@Param('id', courseId()) id: number, @CurrentUser() user: UserIdentity): Promise<AssessmentStatus | null> {
    return this.quizzes.assessmentStatus(id, user.id);
  }

  /** Starts an attempt, or answers the one still open (same questions); 429 once the day's attempts are used. */
  @Post(':id/assessment/attempts')
  async start(@Param('id', courseId()) id: number, @CurrentUser() user: UserIdentity): Promise<AssessmentAttempt> {
    return (await this.quizzes.startAttempt(id, user.id)).attempt;
  }

  @Post(':id/assessment/attempts/:attemptId/submit')
  @HttpCode(200)
  submit(
    @Param('id', courseId()) id: number,
    @Param('attemptId', new IdPipe(() => coursesError(CoursesError.AttemptNotFound))) attemptId: number,
    @Body(zod(QuizAnswersBody)) body: QuizAnswersBody,
    @CurrentUser() user: UserIdentity,
    @Req() req: HttpRequest,
  ): Promise<AssessmentResult> {
    return this.quizzes.submitAttempt(id, attemptId, user.id, body, req.id);
  }
}
