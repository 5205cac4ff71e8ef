import { COURSES_STORAGE } from '../storage';
import { Inject, Injectable } from '@nestjs/common';
import { auditBefore, CONFIG, isoOrNull, isoText, Outbox, rootLogger } from '@clima/common';
import {
  type AdminLessonQuestion,
  type AdminLessonQuestionsAnswer,
  type CoursesExport,
  LESSON_QUESTION_LIMITS,
  LESSON_QUESTION_MESSAGES as M,
  type LessonQuestion,
  type LessonReply,
} from '@clima/contract';
import { IMAGE_KINDS, receiveUpload, type Storage, type UploadRule } from '@clima/storage';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { CoursesConfig } from '../config';
import { coursesError, CoursesError } from '../courses.errors';
import { questionAnsweredMail } from './question-mail';
import { QuestionRateLimits } from './question-rate-limits';
import { type QuestionRow, QuestionsRepository, type ReplyRow } from './questions.repository';

/** Injection token of the storage the questions' photos live in. */

/** Who is looking or writing: an end user, an administrator, or an end user with the administrator flag. */
export interface Viewer {
  userId: string | null;
  name: string | null;
  adminId: string | null;
}

/** The name an instructor's reply carries when the administrator has no end-user name. */
const TEAM_NAME = 'Equipe Clima Pro';
/** The most questions the admin list shows at once. */
const ADMIN_LIST_LIMIT = 200;

/**
 * 'Dúvidas' under each lesson: active subscribers ask (plain text, optionally one photo) and reply; an
 * administrator's reply is an instructor's; the asker or an administrator marks the answer; the asker is
 * e-mailed when someone else replies; authors edit or delete their own messages for LESSON_QUESTION_EDIT_MINUTES;
 * administrators hide or delete (audited by the routes). Texts are stored and answered as typed: plain text.
 */
@Injectable()
export class QuestionsService {
  private readonly log = rootLogger('courses').child({ component: 'questions' });
  private readonly photoRule: UploadRule = {
    field: 'photo',
    kinds: IMAGE_KINDS,
    maxBytes: LESSON_QUESTION_LIMITS.photoMaxBytes,
    prefix: 'questions',
    messages: { wrongType: M.photoWrongType, tooLarge: M.photoTooLarge, missing: M.photoMissing, malformed: M.photoMalformed },
  };

  constructor(
    private readonly repo: QuestionsRepository,
    private readonly limits: QuestionRateLimits,
    private readonly outbox: Outbox,
    @Inject(COURSES_STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: Pick<CoursesConfig, 'PUBLIC_URL' | 'LESSON_QUESTION_EDIT_MINUTES'>,
  ) {}

  // --- subscribers --------------------------------------------------------------------------------

  async list(courseId: number, lessonId: number, viewer: Viewer): Promise<LessonQuestion[]> {
    await this.lessonOrThrow(courseId, lessonId);
    const questions = await this.repo.questionsOfLesson(lessonId, false);
    return this.withReplies(questions, viewer, false);
  }

  async ask(courseId: number, lessonId: number, viewer: Viewer & { userId: string }, body: string): Promise<LessonQuestion> {
    await this.lessonOrThrow(courseId, lessonId);
    await this.limits.assertQuestion(viewer.userId);
    const id = await this.repo.insertQuestion({ lessonId, userId: viewer.userId, authorName: viewer.name?.trim() || null, body });
    return this.one(id, viewer, false);
  }

  async edit(id: number, viewer: Viewer, body: string): Promise<LessonQuestion> {
    const q = await this.visibleQuestion(id);
    this.assertOwnAndOpen(q.user_id === viewer.userId && q.user_id !== null, q.created_at);
    await this.repo.editQuestion(id, body);
    return this.one(id, viewer, false);
  }

  async remove(id: number, viewer: Viewer): Promise<void> {
    const q = await this.visibleQuestion(id);
    this.assertOwnAndOpen(q.user_id === viewer.userId && q.user_id !== null, q.created_at);
    await this.repo.deleteQuestion(id);
    await this.deletePhoto(q.photo_key);
  }

  /** The question's photo (one; a new one replaces it), streamed into the storage, checked by its bytes. */
  async putPhoto(id: number, viewer: Viewer, req: IncomingMessage, res: ServerResponse): Promise<LessonQuestion> {
    const q = await this.visibleQuestion(id).catch((err: unknown) => {
      req.resume();
      throw err;
    });
    try {
      this.assertOwnAndOpen(q.user_id === viewer.userId && q.user_id !== null, q.created_at);
    } catch (err) {
      req.resume();
      throw err;
    }
    const file = await receiveUpload(req, this.storage, this.photoRule, res);
    await this.repo.setPhoto(id, file.key, file.contentType);
    await this.deletePhoto(q.photo_key);
    return this.one(id, viewer, false);
  }

  /** The photo's bytes for a subscriber (a visible question) or an administrator (any). */
  async photo(id: number, asAdmin: boolean): Promise<{ body: Readable; type: string; size: number }> {
    const q = asAdmin ? await this.anyQuestion(id) : await this.visibleQuestion(id);
    const found = q.photo_key ? await this.storage.stream(q.photo_key) : null;
    if (!found || !q.photo_type) throw coursesError(CoursesError.PhotoNotFound);
    return { body: found.body, type: q.photo_type, size: found.size };
  }

  /**
   * A reply. An administrator's (or an end user with the administrator flag) is an instructor's; others count
   * against LESSON_REPLIES_PER_HOUR. The asker is e-mailed (through auth, `user.mail` in the same transaction)
   * unless they wrote it themselves or their account is gone.
   */
  async reply(questionId: number, viewer: Viewer, body: string, opts: { asAdmin: boolean }): Promise<LessonReply> {
    const q = opts.asAdmin ? await this.anyQuestion(questionId) : await this.visibleQuestion(questionId);
    const isInstructor = !!viewer.adminId;
    if (!isInstructor && viewer.userId) await this.limits.assertReply(viewer.userId);
    const authorName = viewer.name?.trim() || (isInstructor ? TEAM_NAME : null);
    const replyId = await this.repo.transaction(async (m) => {
      const id = await this.repo.insertReply(m, { questionId, userId: viewer.userId, adminId: viewer.adminId, authorName, isInstructor, body });
      if (q.user_id && q.user_id !== viewer.userId) {
        const mail = questionAnsweredMail(
          { lessonTitle: q.lesson_title, courseTitle: q.course_title, replierName: authorName ?? 'Um técnico', isInstructor, reply: body },
          this.lessonUrl(q),
        );
        await this.outbox.write(m, 'user.mail', { userId: q.user_id, mail });
      }
      return id;
    });
    this.outbox.kick();
    const row = await this.repo.findReply(replyId);
    return this.toReply(row!, q.accepted_reply_id, viewer, opts.asAdmin);
  }

  async editReply(id: number, viewer: Viewer, body: string): Promise<LessonReply> {
    const { reply, question } = await this.visibleReply(id);
    this.assertOwnAndOpen(this.ownsReply(reply, viewer), reply.created_at);
    await this.repo.editReply(id, body);
    return this.toReply((await this.repo.findReply(id))!, question.accepted_reply_id, viewer, false);
  }

  async removeReply(id: number, viewer: Viewer): Promise<void> {
    const { reply } = await this.visibleReply(id);
    this.assertOwnAndOpen(this.ownsReply(reply, viewer), reply.created_at);
    await this.repo.deleteReply(id);
  }

  /** Marks a reply of the question as its answer (null unmarks): the asker, or an administrator. */
  async accept(questionId: number, viewer: Viewer, replyId: number | null, opts: { asAdmin: boolean }): Promise<LessonQuestion> {
    const q = opts.asAdmin ? await this.anyQuestion(questionId) : await this.visibleQuestion(questionId);
    if (!viewer.adminId && !(q.user_id && q.user_id === viewer.userId)) throw coursesError(CoursesError.AcceptNotAllowed);
    if (replyId !== null) {
      const r = await this.repo.findReply(replyId);
      if (!r || r.question_id !== questionId || (r.hidden_at && !opts.asAdmin)) throw coursesError(CoursesError.ReplyNotFound);
    }
    await this.repo.setAccepted(questionId, replyId);
    return this.one(questionId, viewer, opts.asAdmin);
  }

  // --- administrators -----------------------------------------------------------------------------

  /** 'Dúvidas sem resposta', oldest first (or every question, newest first), and how many are unanswered. */
  async adminList(status: 'unanswered' | 'all', viewer: Viewer): Promise<AdminLessonQuestionsAnswer> {
    const [rows, unanswered] = await Promise.all([this.repo.adminList(status === 'unanswered', ADMIN_LIST_LIMIT), this.repo.unansweredCount()]);
    return { unanswered, questions: (await this.withReplies(rows, viewer, true)) as AdminLessonQuestion[] };
  }

  async adminQuestion(id: number, viewer: Viewer): Promise<AdminLessonQuestion> {
    return (await this.one(id, viewer, true)) as AdminLessonQuestion;
  }

  async setQuestionHidden(id: number, hidden: boolean, viewer: Viewer): Promise<AdminLessonQuestion> {
    auditBefore(await this.adminQuestion(id, viewer));
    await this.repo.setQuestionHidden(id, hidden);
    return this.adminQuestion(id, viewer);
  }

  async adminRemove(id: number, viewer: Viewer): Promise<void> {
    const before = await this.adminQuestion(id, viewer);
    auditBefore(before);
    const q = await this.anyQuestion(id);
    await this.repo.deleteQuestion(id);
    await this.deletePhoto(q.photo_key);
  }

  async setReplyHidden(id: number, hidden: boolean, viewer: Viewer): Promise<AdminLessonQuestion> {
    const r = await this.repo.findReply(id);
    if (!r) throw coursesError(CoursesError.ReplyNotFound);
    auditBefore(await this.adminQuestion(r.question_id, viewer));
    await this.repo.setReplyHidden(id, hidden);
    return this.adminQuestion(r.question_id, viewer);
  }

  async adminRemoveReply(id: number): Promise<void> {
    const r = await this.repo.findReply(id);
    if (!r) throw coursesError(CoursesError.ReplyNotFound);
    auditBefore({ ...r, hidden: !!r.hidden_at });
    await this.repo.deleteReply(id);
  }

  // --- LGPD ---------------------------------------------------------------------------------------

  async exportOf(userId: string): Promise<Pick<CoursesExport, 'lesson_questions' | 'lesson_replies'>> {
    const [questions, replies] = await Promise.all([this.repo.questionsOfUser(userId), this.repo.repliesOfUser(userId)]);
    return {
      lesson_questions: questions.map((q) => ({
        id: q.id,
        course_id: q.course_id,
        course_title: q.course_title,
        lesson_id: q.lesson_id,
        lesson_title: q.lesson_title,
        body: q.body,
        has_photo: !!q.photo_key,
        hidden: !!q.hidden_at,
        created_at: isoText(q.created_at),
        edited_at: isoOrNull(q.edited_at),
      })),
      lesson_replies: replies.map((r) => ({
        id: r.id,
        question_id: r.question_id,
        lesson_id: r.lesson_id,
        lesson_title: r.lesson_title,
        body: r.body,
        hidden: !!r.hidden_at,
        created_at: isoText(r.created_at),
        edited_at: isoOrNull(r.edited_at),
      })),
    };
  }

  /** A deleted account: its messages stay as 'Usuário removido', its photos are deleted. */
  async removeUser(userId: string): Promise<{ questions: number; replies: number }> {
    const { photos, questions, replies } = await this.repo.removeUser(userId);
    for (const key of photos) await this.deletePhoto(key);
    return { questions, replies };
  }

  // --- helpers ------------------------------------------------------------------------------------

  private async lessonOrThrow(courseId: number, lessonId: number): Promise<void> {
    if (!(await this.repo.lessonOfPublishedCourse(courseId, lessonId))) throw coursesError(CoursesError.LessonNotFound);
  }

  /** A question a subscriber may see: not hidden, in a published course. */
  private async visibleQuestion(id: number): Promise<QuestionRow> {
    const q = await this.repo.findQuestion(id);
    if (!q || q.hidden_at || !q.course_published) throw coursesError(CoursesError.QuestionNotFound);
    return q;
  }

  private async anyQuestion(id: number): Promise<QuestionRow> {
    const q = await this.repo.findQuestion(id);
    if (!q) throw coursesError(CoursesError.QuestionNotFound);
    return q;
  }

  private async visibleReply(id: number): Promise<{ reply: ReplyRow; question: QuestionRow }> {
    const reply = await this.repo.findReply(id);
    if (!reply || reply.hidden_at) throw coursesError(CoursesError.ReplyNotFound);
    const question = await this.visibleQuestion(reply.question_id).catch(() => {
      throw coursesError(CoursesError.ReplyNotFound);
    });
    return { reply, question };
  }

  private ownsReply(r: ReplyRow, viewer: Viewer): boolean {
    if (r.author_removed_at) return false;
    if (r.user_id) return r.user_id === viewer.userId;
    return !!r.admin_id && r.admin_id === viewer.adminId;
  }

  private editableUntil(created: Date): Date {
    return new Date(new Date(created).getTime() + this.config.LESSON_QUESTION_EDIT_MINUTES * 60_000);
  }

  private assertOwnAndOpen(own: boolean, created: Date): void {
    if (!own) throw coursesError(CoursesError.NotYourMessage);
    if (Date.now() >= this.editableUntil(created).getTime()) throw coursesError(CoursesError.EditWindowOver);
  }

  private lessonUrl(q: Pick<QuestionRow, 'course_id' | 'lesson_id'>): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/course/${q.course_id}?lesson=${q.lesson_id}#duvidas`;
  }

  private async deletePhoto(key: string | null): Promise<void> {
    if (!key) return;
    await this.storage.delete(key).catch((err: unknown) => this.log.warn({ err, key }, 'question photo not deleted'));
  }

  private async one(id: number, viewer: Viewer, asAdmin: boolean): Promise<LessonQuestion | AdminLessonQuestion> {
    const q = asAdmin ? await this.anyQuestion(id) : await this.visibleQuestion(id);
    return (await this.withReplies([q], viewer, asAdmin))[0]!;
  }

  private async withReplies(questions: QuestionRow[], viewer: Viewer, asAdmin: boolean): Promise<(LessonQuestion | AdminLessonQuestion)[]> {
    const replies = await this.repo.repliesOf(
      questions.map((q) => q.id),
      asAdmin,
    );
    const byQuestion = new Map<number, ReplyRow[]>();
    for (const r of replies) byQuestion.set(r.question_id, [...(byQuestion.get(r.question_id) ?? []), r]);
    return questions.map((q) => {
      const own = !!q.user_id && q.user_id === viewer.userId;
      const until = this.editableUntil(q.created_at);
      const mapped = (byQuestion.get(q.id) ?? []).map((r) => this.toReply(r, q.accepted_reply_id, viewer, asAdmin));
      // the accepted answer first, then the others oldest first
      mapped.sort((a, b) => Number(b.is_accepted) - Number(a.is_accepted));
      const base: LessonQuestion = {
        id: q.id,
        course_id: q.course_id,
        lesson_id: q.lesson_id,
        body: q.body,
        author_name: authorName(q),
        is_mine: own,
        editable_until: own && Date.now() < until.getTime() ? until.toISOString() : null,
        photo_url: q.photo_key ? `${asAdmin ? '/api/admin' : '/api'}/lesson-questions/${q.id}/photo` : null,
        answered: q.answered,
        accepted_reply_id: q.accepted_reply_id,
        can_accept: !!viewer.adminId || own,
        created_at: isoText(q.created_at),
        edited_at: isoOrNull(q.edited_at),
        hidden: !!q.hidden_at,
        replies: mapped,
      };
      return asAdmin ? { ...base, course_title: q.course_title, lesson_title: q.lesson_title, user_id: q.user_id } : base;
    });
  }

  private toReply(r: ReplyRow, acceptedId: number | null, viewer: Viewer, asAdmin: boolean): LessonReply {
    const own = this.ownsReply(r, viewer);
    const until = this.editableUntil(r.created_at);
    return {
      id: r.id,
      question_id: r.question_id,
      body: r.body,
      author_name: r.author_removed_at ? M.removedUser : r.author_name || (r.is_instructor ? TEAM_NAME : 'Técnico'),
      is_instructor: r.is_instructor,
      is_accepted: r.id === acceptedId,
      is_mine: own,
      editable_until: own && !asAdmin && Date.now() < until.getTime() ? until.toISOString() : null,
      created_at: isoText(r.created_at),
      edited_at: isoOrNull(r.edited_at),
      hidden: !!r.hidden_at,
    };
  }
}

const authorName = (q: Pick<QuestionRow, 'author_removed_at' | 'author_name'>): string => (q.author_removed_at ? M.removedUser : q.author_name || 'Técnico');
