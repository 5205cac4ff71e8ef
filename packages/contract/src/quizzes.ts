import { z } from 'zod';

/**
 * Lesson quizzes and the course's final assessment (issue 27; services/courses/README.md, *Quizzes and the
 * final assessment*). The correct options and the explanations reach a subscriber only in the answer to a
 * submission, never with the questions.
 */

export const QUIZ_KINDS = ['single', 'multiple'] as const;
export const QuizKind = z.enum(QUIZ_KINDS, { error: 'Tipo de questão inválido: use "single" ou "multiple"' });
export type QuizKind = z.infer<typeof QuizKind>;

export const QUIZ_LIMITS = {
  minOptions: 2,
  maxOptions: 6,
  maxPrompt: 1000,
  maxOption: 300,
  maxExplanation: 2000,
  /** Questions of one lesson quiz, and of one assessment pool. */
  maxQuestions: 100,
  /** A lesson quiz counts as passed from this score (percent) on. */
  lessonPassScore: 70,
  maxAttemptsPerDay: 20,
  maxTimeLimitMinutes: 300,
  /** A submission that arrives up to this long after the assessment's deadline is still scored (the network's delay). */
  graceSeconds: 30,
} as const;

export const QUIZ_MESSAGES = {
  noQuiz: 'Esta aula não tem questionário',
  noAssessment: 'Este curso não tem avaliação final',
  attemptNotFound: 'Tentativa não encontrada',
  questionNotFound: 'Questão não encontrada',
  attemptsExhausted: (n: number) => `Você já usou ${n === 1 ? 'a tentativa' : `as ${n} tentativas`} de hoje. Tente novamente amanhã.`,
  attemptClosed: 'Esta tentativa já foi enviada',
  emptyPool: 'A avaliação ainda não tem questões',
  answersMismatch: 'Responda exatamente as questões recebidas, cada uma uma vez',
  unknownOption: 'Alternativa inexistente na questão',
  singleChoice: 'Escolha uma só alternativa nas questões de resposta única',
  orderMismatch: 'A nova ordem deve conter exatamente as questões, cada uma uma vez',
  imageWrongType: 'A imagem deve ser JPEG, PNG ou WebP',
  imageTooLarge: 'Imagem muito grande (máximo 5MB)',
  imageMissing: 'Envie a imagem no campo "file"',
  imageMalformed: 'Envio de imagem inválido',
  imageNotFound: 'Imagem não encontrada',
} as const;

/** Where an uploaded question image is served (subscribers and administrators); the name is `<32 hex>.<ext>`. */
export const QUIZ_IMAGE_PREFIX = '/api/files/quiz-images/';
export const QUIZ_IMAGE_NAME_RE = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

// --- what a subscriber receives ----------------------------------------------------------------------

/** A question as a subscriber sees it before answering: no correct flag, no explanation. */
export const QuizQuestionView = z.object({
  id: z.number(),
  kind: QuizKind,
  prompt: z.string(),
  image_url: z.string().nullable(),
  options: z.array(z.object({ id: z.number(), text: z.string() })),
});
export type QuizQuestionView = z.infer<typeof QuizQuestionView>;

/** One question's outcome, after submitting. */
export const QuizQuestionResult = z.object({
  question_id: z.number(),
  correct: z.boolean(),
  selected_option_ids: z.array(z.number()),
  correct_option_ids: z.array(z.number()),
  explanation: z.string().nullable(),
});
export type QuizQuestionResult = z.infer<typeof QuizQuestionResult>;

/** GET /api/courses/:id/lessons/:lessonId/quiz: the questions (none when the lesson has no quiz) and the caller's record. */
export const LessonQuiz = z.object({
  lesson_id: z.number(),
  pass_score: z.number(),
  questions: z.array(QuizQuestionView),
  /** The caller's best score (percent), null before the first attempt. */
  best_score: z.number().nullable(),
  passed: z.boolean(),
  attempts: z.number(),
});
export type LessonQuiz = z.infer<typeof LessonQuiz>;

/** The answers of a submission: each question received, once, with the chosen option ids. */
export const QuizAnswersBody = z.object({
  answers: z
    .array(
      z.object({
        question_id: z.number({ error: 'question_id deve ser um número' }).int().positive(),
        option_ids: z.array(z.number({ error: 'option_ids deve conter números' }).int().positive()).max(QUIZ_LIMITS.maxOptions, QUIZ_MESSAGES.unknownOption),
      }),
      { error: 'Envie as respostas em "answers"' },
    )
    .max(QUIZ_LIMITS.maxQuestions, QUIZ_MESSAGES.answersMismatch),
});
export type QuizAnswersBody = z.infer<typeof QuizAnswersBody>;

/** POST …/quiz/attempts: the score and, now, the correct options and explanations. */
export const QuizResult = z.object({
  score: z.number(),
  correct: z.number(),
  total: z.number(),
  passed: z.boolean(),
  /** True the first time the caller passes this quiz (the attempt that earns points). */
  first_pass: z.boolean(),
  results: z.array(QuizQuestionResult),
});
export type QuizResult = z.infer<typeof QuizResult>;

/** GET /api/courses/:id/assessment: the rules and where the caller stands. */
export const AssessmentStatus = z.object({
  course_id: z.number(),
  questions_per_attempt: z.number(),
  passing_score: z.number(),
  attempts_per_day: z.number(),
  time_limit_minutes: z.number().nullable(),
  attempts_today: z.number(),
  attempts_left_today: z.number(),
  passed: z.boolean(),
  best_score: z.number().nullable(),
  /** An attempt started and not yet submitted (still within its time), to resume. */
  open_attempt_id: z.number().nullable(),
  lessons_completed: z.boolean(),
});
export type AssessmentStatus = z.infer<typeof AssessmentStatus>;

/** POST /api/courses/:id/assessment/attempts: the drawn questions, without their answers. */
export const AssessmentAttempt = z.object({
  id: z.number(),
  course_id: z.number(),
  questions: z.array(QuizQuestionView),
  started_at: z.string(),
  /** Null without a time limit. */
  deadline: z.string().nullable(),
  /** Seconds left when this was answered (null without a time limit); the client counts down from it. */
  seconds_left: z.number().nullable(),
});
export type AssessmentAttempt = z.infer<typeof AssessmentAttempt>;

/** POST /api/courses/:id/assessment/attempts/:attemptId/submit. */
export const AssessmentResult = QuizResult.omit({ first_pass: true }).extend({
  /** True when the answers arrived after the deadline: scored 0, not passed. */
  expired: z.boolean(),
  passing_score: z.number(),
  attempts_left_today: z.number(),
});
export type AssessmentResult = z.infer<typeof AssessmentResult>;

// --- administrators ----------------------------------------------------------------------------------

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} é obrigatório` })
    .trim()
    .min(1, `${what} é obrigatório`)
    .max(max, `${what} muito longo (máximo ${max} caracteres)`);

/** A question with its answers, as the editor shows it. */
export const AdminQuizQuestion = z.object({
  id: z.number(),
  kind: QuizKind,
  prompt: z.string(),
  image_url: z.string().nullable(),
  explanation: z.string().nullable(),
  options: z.array(z.object({ id: z.number(), text: z.string(), correct: z.boolean() })),
  position: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminQuizQuestion = z.infer<typeof AdminQuizQuestion>;

/** POST/PUT of a question: 2–6 options, at least one correct, exactly one for a single-choice question. */
export const QuizQuestionBody = z
  .object({
    kind: QuizKind,
    prompt: text('O enunciado', QUIZ_LIMITS.maxPrompt),
    image_url: z
      .string({ error: 'Imagem inválida' })
      .regex(new RegExp(`^${QUIZ_IMAGE_PREFIX.replace(/\//g, '\\/')}[0-9a-f]{32}\\.(jpg|png|webp)$`), 'Envie a imagem pelo botão de imagem da questão')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    explanation: z
      .string({ error: 'Explicação inválida' })
      .trim()
      .max(QUIZ_LIMITS.maxExplanation, `Explicação muito longa (máximo ${QUIZ_LIMITS.maxExplanation} caracteres)`)
      .nullable()
      .optional()
      .transform((v) => v || null),
    options: z
      .array(z.object({ text: text('O texto da alternativa', QUIZ_LIMITS.maxOption), correct: z.boolean({ error: 'correct deve ser verdadeiro ou falso' }) }), {
        error: 'Informe as alternativas',
      })
      .min(QUIZ_LIMITS.minOptions, `Informe de ${QUIZ_LIMITS.minOptions} a ${QUIZ_LIMITS.maxOptions} alternativas`)
      .max(QUIZ_LIMITS.maxOptions, `Informe de ${QUIZ_LIMITS.minOptions} a ${QUIZ_LIMITS.maxOptions} alternativas`),
  })
  .superRefine((q, ctx) => {
    const right = q.options.filter((o) => o.correct).length;
    if (right === 0) ctx.addIssue({ code: 'custom', message: 'Marque ao menos uma alternativa correta', path: ['options'] });
    else if (q.kind === 'single' && right > 1) ctx.addIssue({ code: 'custom', message: 'Questão de resposta única: marque só uma alternativa correta', path: ['options'] });
  });
export type QuizQuestionBody = z.infer<typeof QuizQuestionBody>;

export const QuizOrderBody = z.object({
  question_ids: z.array(z.number({ error: 'question_ids deve conter números' }).int().positive(), { error: 'Informe question_ids' }).max(QUIZ_LIMITS.maxQuestions),
});
export type QuizOrderBody = z.infer<typeof QuizOrderBody>;

const int = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} deve ser um número` })
    .int(`${what} deve ser um número inteiro`)
    .min(min, `${what} deve estar entre ${min} e ${max}`)
    .max(max, `${what} deve estar entre ${min} e ${max}`);

/** PUT /api/admin/courses/:id/assessment: the assessment's rules (creates it). */
export const AssessmentSettingsBody = z.object({
  questions_per_attempt: int('Questões por tentativa', 1, QUIZ_LIMITS.maxQuestions),
  passing_score: int('A nota mínima', 1, 100),
  attempts_per_day: int('Tentativas por dia', 1, QUIZ_LIMITS.maxAttemptsPerDay),
  time_limit_minutes: int('O tempo limite', 1, QUIZ_LIMITS.maxTimeLimitMinutes).nullable().optional().transform((v) => v ?? null),
});
export type AssessmentSettingsBody = z.infer<typeof AssessmentSettingsBody>;

export const AssessmentSettings = z.object({
  course_id: z.number(),
  questions_per_attempt: z.number(),
  passing_score: z.number(),
  attempts_per_day: z.number(),
  time_limit_minutes: z.number().nullable(),
});
export type AssessmentSettings = z.infer<typeof AssessmentSettings>;

/** GET /api/admin/courses/:id/assessment: the rules (null before any) and the pool. */
export const AdminAssessment = z.object({ settings: AssessmentSettings.nullable(), questions: z.array(AdminQuizQuestion) });
export type AdminAssessment = z.infer<typeof AdminAssessment>;

/** Statistics of a lesson quiz or of an assessment (submitted attempts only). */
export const QuizStats = z.object({
  attempts: z.number(),
  users: z.number(),
  /** Share of the submitted attempts that passed, percent (null without attempts). */
  pass_rate: z.number().nullable(),
  average_score: z.number().nullable(),
  /** Most missed first (at most 10). */
  most_missed: z.array(z.object({ question_id: z.number(), prompt: z.string(), answered: z.number(), missed: z.number(), missed_rate: z.number() })),
});
export type QuizStats = z.infer<typeof QuizStats>;

export const QuizImageUploadAnswer = z.object({ url: z.string() });
export type QuizImageUploadAnswer = z.infer<typeof QuizImageUploadAnswer>;

