import { domainErrors, ErrorCatalogue } from '@clima/common';
import { CERTIFICATE_MESSAGES, LESSON_QUESTION_MESSAGES, QUIZ_MESSAGES } from '@clima/contract';

/** Every error the courses service answers with (the end-user texts are the spec's, section 8). */
export enum CoursesError {
  CourseNotFound = 'course-not-found',
  CourseSignedOut = 'course-signed-out',
  SubscriptionRequired = 'subscription-required',
  CategoryNotFound = 'category-not-found',
  UnknownCourseCategory = 'unknown-course-category',
  LessonNotFound = 'lesson-not-found',
  SlugTaken = 'slug-taken',
  SlugRequired = 'slug-required',
  LessonOrderMismatch = 'lesson-order-mismatch',
  CertificateNotFound = 'certificate-not-found',
  CertificateRevoked = 'certificate-revoked',
  CertificateAlreadyRevoked = 'certificate-already-revoked',
  // 'Dúvidas' under each lesson
  QuestionNotFound = 'question-not-found',
  ReplyNotFound = 'reply-not-found',
  NotYourMessage = 'not-your-message',
  EditWindowOver = 'edit-window-over',
  AcceptNotAllowed = 'accept-not-allowed',
  TooManyQuestions = 'too-many-questions',
  TooManyReplies = 'too-many-replies',
  PhotoNotFound = 'photo-not-found',
  // lesson quizzes and the final assessment (src/quizzes)
  QuizNotFound = 'quiz-not-found',
  AssessmentNotFound = 'assessment-not-found',
  AttemptNotFound = 'attempt-not-found',
  QuizQuestionNotFound = 'quiz-question-not-found',
  AttemptClosed = 'attempt-closed',
  EmptyPool = 'empty-pool',
  AnswersMismatch = 'answers-mismatch',
  UnknownOption = 'unknown-option',
  SingleChoice = 'single-choice',
  QuizOrderMismatch = 'quiz-order-mismatch',
  QuizImageNotFound = 'quiz-image-not-found',
}

const E = CoursesError;

const CATALOGUE: ErrorCatalogue<CoursesError> = {
  [E.CourseNotFound]: { status: 404, message: 'Curso não encontrado' },
  [E.CourseSignedOut]: { status: 401, message: 'Você precisa estar logado para acessar este curso' },
  [E.SubscriptionRequired]: { status: 403, message: 'Assinatura ativa necessária para acessar este curso' },
  [E.CategoryNotFound]: { status: 404, message: 'Categoria não encontrada' },
  // a course naming a category that does not exist: the body is wrong, not the path
  [E.UnknownCourseCategory]: { status: 400, message: 'Categoria de curso não encontrada' },
  [E.LessonNotFound]: { status: 404, message: 'Aula não encontrada' },
  [E.SlugTaken]: { status: 409, message: 'Já existe uma categoria de curso com este slug' },
  [E.SlugRequired]: { status: 400, message: 'Slug é obrigatório' },
  [E.LessonOrderMismatch]: { status: 400, message: 'A nova ordem deve conter exatamente as aulas do curso, cada uma uma vez' },
  // an unknown code, a malformed one and another user's certificate all answer the same: nothing to learn by probing
  [E.CertificateNotFound]: { status: 404, message: CERTIFICATE_MESSAGES.notFound },
  [E.CertificateRevoked]: { status: 410, message: CERTIFICATE_MESSAGES.revoked },
  [E.CertificateAlreadyRevoked]: { status: 409, message: CERTIFICATE_MESSAGES.alreadyRevoked },
  // 'Dúvidas' under each lesson (a hidden question is not found for subscribers)
  [E.QuestionNotFound]: { status: 404, message: LESSON_QUESTION_MESSAGES.questionNotFound },
  [E.ReplyNotFound]: { status: 404, message: LESSON_QUESTION_MESSAGES.replyNotFound },
  [E.NotYourMessage]: { status: 403, message: LESSON_QUESTION_MESSAGES.notYours },
  [E.EditWindowOver]: { status: 403, message: LESSON_QUESTION_MESSAGES.editWindowOver },
  [E.AcceptNotAllowed]: { status: 403, message: LESSON_QUESTION_MESSAGES.acceptNotAllowed },
  [E.TooManyQuestions]: { status: 429, message: LESSON_QUESTION_MESSAGES.tooManyQuestions },
  [E.TooManyReplies]: { status: 429, message: LESSON_QUESTION_MESSAGES.tooManyReplies },
  [E.PhotoNotFound]: { status: 404, message: LESSON_QUESTION_MESSAGES.photoNotFound },
  [E.QuizNotFound]: { status: 404, message: QUIZ_MESSAGES.noQuiz },
  [E.AssessmentNotFound]: { status: 404, message: QUIZ_MESSAGES.noAssessment },
  [E.AttemptNotFound]: { status: 404, message: QUIZ_MESSAGES.attemptNotFound },
  [E.QuizQuestionNotFound]: { status: 404, message: QUIZ_MESSAGES.questionNotFound },
  [E.AttemptClosed]: { status: 409, message: QUIZ_MESSAGES.attemptClosed },
  [E.EmptyPool]: { status: 409, message: QUIZ_MESSAGES.emptyPool },
  [E.AnswersMismatch]: { status: 400, message: QUIZ_MESSAGES.answersMismatch },
  [E.UnknownOption]: { status: 400, message: QUIZ_MESSAGES.unknownOption },
  [E.SingleChoice]: { status: 400, message: QUIZ_MESSAGES.singleChoice },
  [E.QuizOrderMismatch]: { status: 400, message: QUIZ_MESSAGES.orderMismatch },
  [E.QuizImageNotFound]: { status: 404, message: QUIZ_MESSAGES.imageNotFound },
};

/** `throw coursesError(CoursesError.CourseNotFound)`: status and message from the catalogue above. */
export const coursesError = domainErrors(CATALOGUE);
