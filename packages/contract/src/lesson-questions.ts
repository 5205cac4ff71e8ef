import { z } from 'zod';

/**
 * 'Dúvidas' under each lesson (services/courses/README.md, 'Dúvidas'): questions in plain text, optionally with
 * one photo, replies by technicians and instructors, the asker's accepted answer, moderation by administrators.
 * Texts are plain text everywhere: stored and answered as typed, rendered as text nodes, never as HTML.
 */
export const LESSON_QUESTION_LIMITS = {
  /** Characters of a question or a reply. */
  minChars: 3,
  maxChars: 2000,
  /** Largest photo of a question (JPEG, PNG or WebP, decided by its bytes). */
  photoMaxBytes: 5 * 1024 * 1024,
  /** Minutes an author may edit or delete their own message after posting it (LESSON_QUESTION_EDIT_MINUTES). */
  editMinutes: 15,
} as const;

export const LESSON_QUESTION_MESSAGES = {
  tooShort: `Escreva pelo menos ${LESSON_QUESTION_LIMITS.minChars} caracteres`,
  tooLong: `No máximo ${LESSON_QUESTION_LIMITS.maxChars} caracteres`,
  questionNotFound: 'Dúvida não encontrada',
  replyNotFound: 'Resposta não encontrada',
  notYours: 'Você só pode alterar as suas próprias mensagens',
  editWindowOver: `O prazo para editar ou excluir esta mensagem terminou (${LESSON_QUESTION_LIMITS.editMinutes} minutos após o envio)`,
  acceptNotAllowed: 'Só quem perguntou ou um instrutor pode marcar a resposta',
  tooManyQuestions: 'Você enviou muitas dúvidas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  tooManyReplies: 'Você enviou muitas respostas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  photoWrongType: 'A foto deve ser uma imagem JPEG, PNG ou WebP',
  photoTooLarge: 'A foto deve ter no máximo 5 MB',
  photoMissing: 'Envie a foto no campo "photo"',
  photoMalformed: 'Envio inválido: use multipart/form-data com o campo "photo"',
  photoNotFound: 'Foto não encontrada',
  removedUser: 'Usuário removido',
  instructorReply: 'Resposta do instrutor',
} as const;

const MessageText = z
  .string({ error: LESSON_QUESTION_MESSAGES.tooShort })
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(LESSON_QUESTION_LIMITS.minChars, LESSON_QUESTION_MESSAGES.tooShort).max(LESSON_QUESTION_LIMITS.maxChars, LESSON_QUESTION_MESSAGES.tooLong));

/** POST …/questions, PATCH /api/lesson-questions/{id}, the replies: the text, as typed (plain text). */
export const LessonMessageBody = z.object({ body: MessageText });
export type LessonMessageBody = z.infer<typeof LessonMessageBody>;

/** POST /api/lesson-questions/{id}/accept: the reply that answers the question, or null to unmark it. */
export const AcceptReplyBody = z.object({ reply_id: z.number().int().positive().nullable() });
export type AcceptReplyBody = z.infer<typeof AcceptReplyBody>;

/** One reply, as a subscriber sees it. `author_name` is 'Usuário removido' once its author's account is deleted. */
export const LessonReply = z.object({
  id: z.number(),
  question_id: z.number(),
  body: z.string(),
  author_name: z.string(),
  /** An administrator's reply: shown as 'Resposta do instrutor'. */
  is_instructor: z.boolean(),
  is_accepted: z.boolean(),
  /** The caller wrote it. */
  is_mine: z.boolean(),
  /** Until when its author may edit or delete it (null when the caller may not). */
  editable_until: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Only in administrators' answers: hidden from subscribers by moderation. */
  hidden: z.boolean(),
});
export type LessonReply = z.infer<typeof LessonReply>;

/** One question with its replies (accepted answer first, then oldest first). */
export const LessonQuestion = z.object({
  id: z.number(),
  course_id: z.number(),
  lesson_id: z.number(),
  body: z.string(),
  author_name: z.string(),
  is_mine: z.boolean(),
  editable_until: z.string().nullable(),
  /** The photo's address (subscribers only), or null. */
  photo_url: z.string().nullable(),
  /** Answered: an instructor replied, or a reply was marked as the answer. */
  answered: z.boolean(),
  accepted_reply_id: z.number().nullable(),
  /** The caller may mark a reply as the answer (the asker, or an administrator). */
  can_accept: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  hidden: z.boolean(),
  replies: z.array(LessonReply),
});
export type LessonQuestion = z.infer<typeof LessonQuestion>;

/** An administrator's view: where the question is, who asked (the user id), and its replies (hidden ones too). */
export const AdminLessonQuestion = LessonQuestion.extend({
  course_title: z.string(),
  lesson_title: z.string(),
  user_id: z.string().nullable(),
});
export type AdminLessonQuestion = z.infer<typeof AdminLessonQuestion>;

/** GET /api/admin/lesson-questions: 'Dúvidas sem resposta', oldest first, and how many there are. */
export const AdminLessonQuestionsQuery = z.object({
  status: z.enum(['unanswered', 'all']).default('unanswered'),
});
export type AdminLessonQuestionsQuery = z.infer<typeof AdminLessonQuestionsQuery>;

export const AdminLessonQuestionsAnswer = z.object({
  /** Every unanswered question (visible, not answered), whatever the page shows. */
  unanswered: z.number(),
  questions: z.array(AdminLessonQuestion),
});
export type AdminLessonQuestionsAnswer = z.infer<typeof AdminLessonQuestionsAnswer>;
