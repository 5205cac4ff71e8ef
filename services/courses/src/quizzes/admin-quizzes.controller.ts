import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { Audited, IdPipe, zod } from '@clima/common';
import { AdminAssessment, AdminQuizQuestion, AssessmentSettings, AssessmentSettingsBody, QuizOrderBody, QuizQuestionBody, QuizStats } from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { QuizzesService } from './quizzes.service';

const courseId = () => new IdPipe(() => coursesError(CoursesError.CourseNotFound));
const lessonId = () => new IdPipe(() => coursesError(CoursesError.LessonNotFound));
const questionId = () => new IdPipe(() => coursesError(CoursesError.QuizQuestionNotFound));

/** The quiz and assessment editor and their statistics (issue 27), administrators only. */
@Controller('api/admin')
export class AdminQuizzesController {
  constructor(private readonly quizzes: QuizzesService) {}

  // --- a lesson's quiz ------------------------------------------------------------------------------

  @Get('lessons/:id/quiz')
  lessonQuiz(@Param('id', lessonId()) id: number): Promise<AdminQuizQuestion[]> {
    return this.quizzes.adminQuestions({ lessonId: id });
  }

  @Post('lessons/:id/quiz/questions')
  @Audited({ entity: 'quiz-questions' })
  addLessonQuestion(@Param('id', lessonId()) id: number, @Body(zod(QuizQuestionBody)) body: QuizQuestionBody): Promise<AdminQuizQuestion> {
    return this.quizzes.addQuestion({ lessonId: id }, body);
  }

  @Put('lessons/:id/quiz/order')
  @Audited({ entity: 'quiz-questions', action: 'reorder' })
  reorderLessonQuiz(@Param('id', lessonId()) id: number, @Body(zod(QuizOrderBody)) body: QuizOrderBody): Promise<AdminQuizQuestion[]> {
    return this.quizzes.reorder({ lessonId: id }, body.question_ids);
  }

  @Get('lessons/:id/quiz/stats')
  lessonQuizStats(@Param('id', lessonId()) id: number): Promise<QuizStats> {
    return this.quizzes.stats({ lessonId: id });
  }

  // --- a course's assessment ------------------------------------------------------------------------

  @Get('courses/:id/assessment')
  assessment(@Param('id', courseId()) id: number): Promise<AdminAssessment> {
    return this.quizzes.adminAssessment(id);
  }

  @Put('courses/:id/assessment')
  @Audited({ entity: 'assessments' })
  saveAssessment(@Param('id', courseId()) id: number, @Body(zod(AssessmentSettingsBody)) body: AssessmentSettingsBody): Promise<AssessmentSettings> {
    return this.quizzes.saveAssessment(id, body);
  }

  @Delete('courses/:id/assessment')
  @Audited({ entity: 'assessments' })
  async removeAssessment(@Param('id', courseId()) id: number): Promise<{ success: true }> {
    await this.quizzes.removeAssessment(id);
    return { success: true };
  }

  @Post('courses/:id/assessment/questions')
  @Audited({ entity: 'quiz-questions' })
  addAssessmentQuestion(@Param('id', courseId()) id: number, @Body(zod(QuizQuestionBody)) body: QuizQuestionBody): Promise<AdminQuizQuestion> {
    return this.quizzes.addQuestion({ courseId: id }, body);
  }

  @Put('courses/:id/assessment/order')
  @Audited({ entity: 'quiz-questions', action: 'reorder' })
  reorderAssessment(@Param('id', courseId()) id: number, @Body(zod(QuizOrderBody)) body: QuizOrderBody): Promise<AdminQuizQuestion[]> {
    return this.quizzes.reorder({ courseId: id }, body.question_ids);
  }

  @Get('courses/:id/assessment/stats')
  assessmentStats(@Param('id', courseId()) id: number): Promise<QuizStats> {
    return this.quizzes.stats({ courseId: id });
  }

  // --- any question ---------------------------------------------------------------------------------

  @Put('quiz-questions/:id')
  @Audited({ entity: 'quiz-questions' })
  updateQuestion(@Param('id', questionId()) id: number, @Body(zod(QuizQuestionBody)) body: QuizQuestionBody): Promise<AdminQuizQuestion> {
    return this.quizzes.updateQuestion(id, body);
  }

  @Delete('quiz-questions/:id')
  @Audited({ entity: 'quiz-questions' })
  async removeQuestion(@Param('id', questionId()) id: number): Promise<{ success: true }> {
    await this.quizzes.removeQuestion(id);
    return { success: true };
  }
}
