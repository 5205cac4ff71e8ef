import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { Audited, CurrentIdentity, type HttpReply, type HttpRequest, type Identity, IdPipe, zod } from '@clima/common';
import {
  AcceptReplyBody,
  type AdminLessonQuestion,
  type AdminLessonQuestionsAnswer,
  AdminLessonQuestionsQuery,
  LessonMessageBody,
  type LessonQuestion,
  type LessonReply,
} from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { QuestionsService, type Viewer } from './questions.service';

const courseId = () => new IdPipe(() => coursesError(CoursesError.CourseNotFound));
const lessonId = () => new IdPipe(() => coursesError(CoursesError.LessonNotFound));
const questionId = () => new IdPipe(() => coursesError(CoursesError.QuestionNotFound));
const replyId = () => new IdPipe(() => coursesError(CoursesError.ReplyNotFound));

const viewerOf = (identity: Identity): Viewer => ({ userId: identity.user?.id ?? null, name: identity.user?.name ?? null, adminId: identity.admin?.id ?? null });

function photoFile(photo: { body: NodeJS.ReadableStream; type: string; size: number }): StreamableFile {
  return new StreamableFile(photo.body as never, { type: photo.type, length: photo.size, disposition: 'inline' });
}

/** 'Dúvidas' under each lesson, for active subscribers (an end user with the administrator flag replies as instructor). */
@Controller('api')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get('courses/:id/lessons/:lessonId/questions')
  list(@Param('id', courseId()) id: number, @Param('lessonId', lessonId()) lesson: number, @CurrentIdentity() identity: Identity): Promise<LessonQuestion[]> {
    return this.questions.list(id, lesson, viewerOf(identity));
  }

  @Post('courses/:id/lessons/:lessonId/questions')
  ask(
    @Param('id', courseId()) id: number,
    @Param('lessonId', lessonId()) lesson: number,
    @Body(zod(LessonMessageBody)) body: LessonMessageBody,
    @CurrentIdentity() identity: Identity,
  ): Promise<LessonQuestion> {
    const viewer = viewerOf(identity);
    return this.questions.ask(id, lesson, { ...viewer, userId: viewer.userId! }, body.body);
  }

  @Patch('lesson-questions/:id')
  edit(@Param('id', questionId()) id: number, @Body(zod(LessonMessageBody)) body: LessonMessageBody, @CurrentIdentity() identity: Identity): Promise<LessonQuestion> {
    return this.questions.edit(id, viewerOf(identity), body.body);
  }

  @Delete('lesson-questions/:id')
  async remove(@Param('id', questionId()) id: number, @CurrentIdentity() identity: Identity): Promise<{ success: true }> {
    await this.questions.remove(id, viewerOf(identity));
    return { success: true };
  }

  /** multipart/form-data, field "photo": JPEG, PNG or WebP up to 5 MB, decided by the bytes. */
  @Put('lesson-questions/:id/photo')
  putPhoto(@Param('id', questionId()) id: number, @CurrentIdentity() identity: Identity, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<LessonQuestion> {
    return this.questions.putPhoto(id, viewerOf(identity), req.raw, res.raw);
  }

  @Get('lesson-questions/:id/photo')
  async photo(@Param('id', questionId()) id: number): Promise<StreamableFile> {
    return photoFile(await this.questions.photo(id, false));
  }

  @Post('lesson-questions/:id/replies')
  reply(@Param('id', questionId()) id: number, @Body(zod(LessonMessageBody)) body: LessonMessageBody, @CurrentIdentity() identity: Identity): Promise<LessonReply> {
    return this.questions.reply(id, viewerOf(identity), body.body, { asAdmin: false });
  }

  @Post('lesson-questions/:id/accept')
  @HttpCode(200)
  accept(@Param('id', questionId()) id: number, @Body(zod(AcceptReplyBody)) body: AcceptReplyBody, @CurrentIdentity() identity: Identity): Promise<LessonQuestion> {
    return this.questions.accept(id, viewerOf(identity), body.reply_id, { asAdmin: false });
  }

  @Patch('lesson-question-replies/:id')
  editReply(@Param('id', replyId()) id: number, @Body(zod(LessonMessageBody)) body: LessonMessageBody, @CurrentIdentity() identity: Identity): Promise<LessonReply> {
    return this.questions.editReply(id, viewerOf(identity), body.body);
  }

  @Delete('lesson-question-replies/:id')
  async removeReply(@Param('id', replyId()) id: number, @CurrentIdentity() identity: Identity): Promise<{ success: true }> {
    await this.questions.removeReply(id, viewerOf(identity));
    return { success: true };
  }
}

/** Admin 'Dúvidas sem resposta' and moderation; every change is recorded in the audit log (entity `lesson-questions`). */
@Controller('api/admin')
export class AdminQuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get('lesson-questions')
  list(@Query(zod(AdminLessonQuestionsQuery)) q: AdminLessonQuestionsQuery, @CurrentIdentity() identity: Identity): Promise<AdminLessonQuestionsAnswer> {
    return this.questions.adminList(q.status, viewerOf(identity));
  }

  @Get('lesson-questions/:id/photo')
  async photo(@Param('id', questionId()) id: number): Promise<StreamableFile> {
    return photoFile(await this.questions.photo(id, true));
  }

  /** An instructor's reply ('Resposta do instrutor'). */
  @Post('lesson-questions/:id/replies')
  @Audited({ entity: 'lesson-questions', action: 'reply' })
  reply(@Param('id', questionId()) id: number, @Body(zod(LessonMessageBody)) body: LessonMessageBody, @CurrentIdentity() identity: Identity): Promise<LessonReply> {
    return this.questions.reply(id, viewerOf(identity), body.body, { asAdmin: true });
  }

  @Post('lesson-questions/:id/accept')
  @Audited({ entity: 'lesson-questions', action: 'accept' })
  @HttpCode(200)
  async accept(@Param('id', questionId()) id: number, @Body(zod(AcceptReplyBody)) body: AcceptReplyBody, @CurrentIdentity() identity: Identity): Promise<AdminLessonQuestion> {
    return (await this.questions.accept(id, viewerOf(identity), body.reply_id, { asAdmin: true })) as AdminLessonQuestion;
  }

  @Post('lesson-questions/:id/hide')
  @Audited({ entity: 'lesson-questions', action: 'hide' })
  @HttpCode(200)
  hide(@Param('id', questionId()) id: number, @CurrentIdentity() identity: Identity): Promise<AdminLessonQuestion> {
    return this.questions.setQuestionHidden(id, true, viewerOf(identity));
  }

  @Post('lesson-questions/:id/show')
  @Audited({ entity: 'lesson-questions', action: 'show' })
  @HttpCode(200)
  show(@Param('id', questionId()) id: number, @CurrentIdentity() identity: Identity): Promise<AdminLessonQuestion> {
    return this.questions.setQuestionHidden(id, false, viewerOf(identity));
  }

  @Delete('lesson-questions/:id')
  @Audited({ entity: 'lesson-questions', action: 'delete' })
  async remove(@Param('id', questionId()) id: number, @CurrentIdentity() identity: Identity): Promise<{ success: true }> {
    await this.questions.adminRemove(id, viewerOf(identity));
    return { success: true };
  }

  @Post('lesson-question-replies/:id/hide')
  @Audited({ entity: 'lesson-question-replies', action: 'hide' })
  @HttpCode(200)
  hideReply(@Param('id', replyId()) id: number, @CurrentIdentity() identity: Identity): Promise<AdminLessonQuestion> {
    return this.questions.setReplyHidden(id, true, viewerOf(identity));
  }

  @Post('lesson-question-replies/:id/show')
  @Audited({ entity: 'lesson-question-replies', action: 'show' })
  @HttpCode(200)
  showReply(@Param('id', replyId()) id: number, @CurrentIdentity() identity: Identity): Promise<AdminLessonQuestion> {
    return this.questions.setReplyHidden(id, false, viewerOf(identity));
  }

  @Delete('lesson-question-replies/:id')
  @Audited({ entity: 'lesson-question-replies', action: 'delete' })
  async removeReply(@Param('id', replyId()) id: number): Promise<{ success: true }> {
    await this.questions.adminRemoveReply(id);
    return { success: true };
  }
}
