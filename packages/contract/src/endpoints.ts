import { z } from 'zod';
import { AdminStats } from './admin-stats';
import { AuditPage, AuditQuery } from './audit';
import {
  AdministratorCreateBody,
  Administrator,
  AdministratorsQuery,
  AdministratorUpdateBody,
  AdminLoginBody,
  AdminMe,
  AdminUsersQuery,
  AdminUserUpdateBody,
  AdminUserView,
  Me,
  PasswordBody,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  ProfileBody,
  RedirectUrlAnswer,
  SignInProvidersAnswer,
  PasswordResetCheckAnswer,
  PasswordResetCheckBody,
  RegisterBody,
  SessionAnswer,
  SessionExchangeBody,
  SignInBody,
  VerifyEmailAnswer,
  VerifyEmailBody,
} from './auth';
import { AdminPaymentsResponse, AdminPlanPricesResponse, BillingSubscription, CheckoutBody, PixPriceBody, PlansResponse, ReceiptsResponse, RedirectResponse } from './billing';
import { AdminCertificate, AdminCertificatesQuery, Certificate, PublicCertificate, RevokeCertificateBody } from './certificates';
import { CategoriesQuery, CategoryBody, Content, ContentBody, ContentPreview, ContentCategory, ContentsQuery, ContinueContent, TogglePublishedBody, VideoUploadAnswer } from './catalog';
import {
  Course,
  CoursePreview,
  CourseCategory,
  CourseCategoryCreateBody,
  CourseCategoryListQuery,
  CourseCategoryUpdateBody,
  CourseCategoryWithStats,
  CourseCreateBody,
  CourseLesson,
  CourseListQuery,
  CourseTogglePublishedBody,
  CourseUpdateBody,
  ContinueLesson,
  LessonCreateBody,
  LessonOrderBody,
  LessonProgress,
  LessonUpdateBody,
} from './courses';
import {
  AdminAssessment,
  AdminQuizQuestion,
  AssessmentAttempt,
  AssessmentResult,
  AssessmentSettings,
  AssessmentSettingsBody,
  AssessmentStatus,
  LessonQuiz,
  QuizAnswersBody,
  QuizOrderBody,
  QuizQuestionBody,
  QuizResult,
  QuizImageUploadAnswer,
  QuizStats,
} from './quizzes';
import {
  AdminManualsQuery,
  Manual,
  ManualCreateBody,
  ManualDownloadAnswer,
  ManualPagesAnswer,
  ManualSearchAnswer,
  ManualSearchQuery,
  ManualsQuery,
  ManualUpdateBody,
  ManualUploadAnswer,
  Manufacturer,
  Model,
  ModelsQuery,
} from './manuals';
import { DeleteAccountBody } from './privacy';
import { HeartbeatAnswer, HeartbeatBody, OwnStats, RankingAnswer, RankingQuery } from './ranking';
import { ContentPosition, LessonPosition, WatchReport } from './watch';

/**
 * Every /api operation with its schemas: the one description the OpenAPI document (openapi.ts) and the
 * web apps' typed client are built from. `access` must equal the gateway's route table (gateway/src/routes.ts);
 * a test compares the two. The services validate with the same schemas.
 */

/** Who may call an operation; the same names as the route table's access. */
export type EndpointAccess = 'public' | 'user' | 'subscriber' | 'admin';

/** How an answer is carried when it is not JSON. */
export type AnswerKind = 'json' | 'html' | 'file';

export interface Endpoint {
  access: EndpointAccess;
  /** Groups the operations in the document and on the /api/docs page. */
  tag: string;
  summary: string;
  query?: z.ZodType;
  /** JSON body; `multipart` names the file field of an upload instead. */
  body?: z.ZodType;
  multipart?: string;
  /** The success answer (JSON unless `kind` says otherwise). */
  answer: z.ZodType;
  kind?: AnswerKind;
  /** Success status when it is not 200. */
  status?: number;
}

/** Answers that are only an acknowledgement. */
export const SuccessAnswer = z.object({ success: z.literal(true) });
export const SuccessMessageAnswer = z.object({ success: z.literal(true), message: z.string() });
export const MessageAnswer = z.object({ message: z.string() });
export const ProfileAnswer = z.object({ success: z.literal(true), message: z.string(), user: Me });
export const ResendVerificationAnswer = z.object({ message: z.string(), email: z.string() });
export const WebhookAnswer = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });
/** A body the operation ignores (documented so every operation has one shape). */
export const NoBody = z.object({}).describe('Sem corpo');
/** Pages and files (not JSON). */
const Html = z.string().describe('Página HTML');
const File = z.string().describe('Arquivo (bytes)');

const S = 'Sessão e autenticação';
const U = 'Conta do usuário';
const CAT = 'Conteúdos';
const CRS = 'Cursos';
const MAN = 'Manuais';
const RNK = 'Ranking';
const BIL = 'Assinatura';
const ADM = 'Administração';
const DOC = 'Documentação';

export const ENDPOINTS = {
  // 7.1 Session and authentication
  'GET /api/users/me': { access: 'public', tag: S, summary: 'Usuário da sessão (401 quando anônimo)', answer: Me },
  'GET /api/session': { access: 'public', tag: S, summary: 'Usuário e administrador da sessão (nulos quando anônimo)', answer: SessionAnswer },
  'GET /api/logout': { access: 'public', tag: S, summary: 'Encerra a sessão do usuário', answer: SuccessAnswer },
  'GET /api/oauth/google/redirect_url': { access: 'public', tag: S, summary: 'Endereço de login com Google', answer: RedirectUrlAnswer },
  'POST /api/sessions': { access: 'public', tag: S, summary: 'Troca o código do Google por uma sessão', body: SessionExchangeBody, answer: Me },
  'POST /api/auth/register': { access: 'public', tag: S, summary: 'Cadastro com e-mail e senha', body: RegisterBody, answer: Me, status: 201 },
  'POST /api/auth/signin': { access: 'public', tag: S, summary: 'Login com e-mail e senha', body: SignInBody, answer: Me },
  'POST /api/users/session/heartbeat': { access: 'user', tag: RNK, summary: 'Sinal de atividade: o que o usuário estuda agora (pontos do ranking)', body: HeartbeatBody, answer: HeartbeatAnswer },
  'PUT /api/users/profile': { access: 'user', tag: U, summary: 'Atualiza nome e e-mail', body: ProfileBody, answer: ProfileAnswer },
  'PUT /api/users/password': { access: 'user', tag: U, summary: 'Troca a senha', body: PasswordBody, answer: SuccessMessageAnswer },
  'GET /api/admin/auth/me': { access: 'public', tag: ADM, summary: 'Administrador da sessão (401 sem sessão)', answer: AdminMe },
  'POST /api/admin/auth/login': { access: 'public', tag: ADM, summary: 'Login do administrador', body: AdminLoginBody, answer: AdminMe },
  'POST /api/admin/auth/logout': { access: 'public', tag: ADM, summary: 'Encerra a sessão do administrador', body: NoBody, answer: SuccessAnswer },

  // 7.2 End-user data
  'GET /api/contents': { access: 'public', tag: CAT, summary: 'Conteúdos publicados', query: ContentsQuery, answer: z.array(Content) },
  'GET /api/contents/:id': { access: 'subscriber', tag: CAT, summary: 'Um conteúdo (conta uma visualização)', answer: Content },
  'GET /api/contents/:id/preview': {
    access: 'public',
    tag: CAT,
    summary: 'Prévia pública de um conteúdo publicado (título, descrição, categoria, tags; sem vídeo, sem contar visualização)',
    answer: ContentPreview,
  },
  'GET /api/categories': { access: 'public', tag: CAT, summary: 'Categorias de conteúdo', answer: z.array(ContentCategory) },
  'GET /api/course-categories': { access: 'public', tag: CRS, summary: 'Categorias de curso', answer: z.array(CourseCategory) },
  'GET /api/course-categories-with-stats': { access: 'public', tag: CRS, summary: 'Categorias de curso com aulas e duração', query: CourseCategoryListQuery, answer: z.array(CourseCategoryWithStats) },
  'GET /api/courses': { access: 'public', tag: CRS, summary: 'Cursos publicados', query: CourseListQuery, answer: z.array(Course) },
  'GET /api/courses/:id': { access: 'subscriber', tag: CRS, summary: 'Um curso', answer: Course },
  'GET /api/courses/:id/preview': {
    access: 'public',
    tag: CRS,
    summary: 'Prévia pública de um curso publicado (título, descrição, lições por título e duração; sem vídeos)',
    answer: CoursePreview,
  },
  'GET /api/courses/:id/lessons': { access: 'subscriber', tag: CRS, summary: 'Aulas de um curso', answer: z.array(CourseLesson) },
  'GET /api/courses/:id/progress': {
    access: 'subscriber',
    tag: CRS,
    summary: 'Progresso do usuário nas aulas (concluídas, onde parou, quanto assistiu)',
    answer: z.array(LessonProgress),
  },
  'POST /api/courses/:id/lessons/:lessonId/progress': {
    access: 'subscriber',
    tag: CRS,
    summary: 'Estado de uma aula (clientes antigos; não conclui: a aula conclui quando assistida)',
    body: NoBody,
    answer: LessonProgress,
  },
  'GET /api/ranking': { access: 'user', tag: RNK, summary: 'Ranking da semana (period=week) ou geral (period=all, padrão)', query: RankingQuery, answer: RankingAnswer },
  'GET /api/users/me/stats': { access: 'user', tag: RNK, summary: 'Pontos, sequência e medalhas do usuário', answer: OwnStats },
  'GET /api/manuals': { access: 'public', tag: MAN, summary: 'Manuais publicados', query: ManualsQuery, answer: z.array(Manual) },
  'GET /api/manufacturers': { access: 'public', tag: MAN, summary: 'Fabricantes', answer: z.array(Manufacturer) },
  'GET /api/models': { access: 'public', tag: MAN, summary: 'Modelos de um fabricante', query: ModelsQuery, answer: z.array(Model) },
  'POST /api/manuals/:id/download': { access: 'subscriber', tag: MAN, summary: 'Registra um download e responde o endereço do arquivo', body: NoBody, answer: ManualDownloadAnswer },

  // 7.3 Administration
  'GET /api/admin/stats': { access: 'admin', tag: ADM, summary: 'Números do painel', answer: AdminStats },
  'GET /api/admin/users': { access: 'admin', tag: ADM, summary: 'Usuários', query: AdminUsersQuery, answer: z.array(AdminUserView) },
  'PUT /api/admin/users/:id': { access: 'admin', tag: ADM, summary: 'Edita um usuário', body: AdminUserUpdateBody, answer: AdminUserView },
  'DELETE /api/admin/users/:id': { access: 'admin', tag: ADM, summary: 'Exclui um usuário', answer: SuccessAnswer },
  'GET /api/admin/contents': { access: 'admin', tag: ADM, summary: 'Conteúdos (todos)', query: ContentsQuery, answer: z.array(Content) },
  'POST /api/admin/contents': { access: 'admin', tag: ADM, summary: 'Cria um conteúdo', body: ContentBody, answer: Content, status: 201 },
  'PUT /api/admin/contents/:id': { access: 'admin', tag: ADM, summary: 'Edita um conteúdo', body: ContentBody, answer: Content },
  'DELETE /api/admin/contents/:id': { access: 'admin', tag: ADM, summary: 'Exclui um conteúdo', answer: SuccessAnswer },
  'PATCH /api/admin/contents/:id/toggle-published': { access: 'admin', tag: ADM, summary: 'Publica ou despublica um conteúdo', body: TogglePublishedBody, answer: Content },
  'GET /api/admin/categories': { access: 'admin', tag: ADM, summary: 'Categorias de conteúdo', query: CategoriesQuery, answer: z.array(ContentCategory) },
  'POST /api/admin/categories': { access: 'admin', tag: ADM, summary: 'Cria uma categoria de conteúdo', body: CategoryBody, answer: ContentCategory, status: 201 },
  'PUT /api/admin/categories/:id': { access: 'admin', tag: ADM, summary: 'Edita uma categoria de conteúdo', body: CategoryBody, answer: ContentCategory },
  'DELETE /api/admin/categories/:id': { access: 'admin', tag: ADM, summary: 'Exclui uma categoria de conteúdo', answer: SuccessAnswer },
  'GET /api/admin/course-categories': { access: 'admin', tag: ADM, summary: 'Categorias de curso', query: CourseCategoryListQuery, answer: z.array(CourseCategoryWithStats) },
  'POST /api/admin/course-categories': { access: 'admin', tag: ADM, summary: 'Cria uma categoria de curso', body: CourseCategoryCreateBody, answer: CourseCategory, status: 201 },
  'PUT /api/admin/course-categories/:id': { access: 'admin', tag: ADM, summary: 'Edita uma categoria de curso', body: CourseCategoryUpdateBody, answer: CourseCategory },
  'DELETE /api/admin/course-categories/:id': { access: 'admin', tag: ADM, summary: 'Exclui uma categoria de curso', answer: SuccessAnswer },
  'GET /api/admin/courses': { access: 'admin', tag: ADM, summary: 'Cursos (todos)', query: CourseListQuery, answer: z.array(Course) },
  'POST /api/admin/courses': { access: 'admin', tag: ADM, summary: 'Cria um curso', body: CourseCreateBody, answer: Course, status: 201 },
  'PUT /api/admin/courses/:id': { access: 'admin', tag: ADM, summary: 'Edita um curso', body: CourseUpdateBody, answer: Course },
  'DELETE /api/admin/courses/:id': { access: 'admin', tag: ADM, summary: 'Exclui um curso com suas aulas', answer: SuccessAnswer },
  'PATCH /api/admin/courses/:id/toggle-published': { access: 'admin', tag: ADM, summary: 'Publica ou despublica um curso', body: CourseTogglePublishedBody, answer: Course },
  'POST /api/admin/upload-video': { access: 'admin', tag: ADM, summary: 'Envia um vídeo (multipart, campo "video")', multipart: 'video', answer: VideoUploadAnswer, status: 201 },
  'GET /api/admin/manuals': { access: 'admin', tag: ADM, summary: 'Manuais (todos)', query: AdminManualsQuery, answer: z.array(Manual) },
  'POST /api/admin/manuals': { access: 'admin', tag: ADM, summary: 'Cria um manual', body: ManualCreateBody, answer: Manual, status: 201 },
  'PUT /api/admin/manuals/:id': { access: 'admin', tag: ADM, summary: 'Edita um manual', body: ManualUpdateBody, answer: Manual },
  'DELETE /api/admin/manuals/:id': { access: 'admin', tag: ADM, summary: 'Exclui um manual', answer: SuccessAnswer },
  'GET /api/admin/administrators': { access: 'admin', tag: ADM, summary: 'Administradores', query: AdministratorsQuery, answer: z.array(Administrator) },
  'POST /api/admin/administrators': { access: 'admin', tag: ADM, summary: 'Cria um administrador', body: AdministratorCreateBody, answer: Administrator, status: 201 },
  'PUT /api/admin/administrators/:id': { access: 'admin', tag: ADM, summary: 'Edita um administrador', body: AdministratorUpdateBody, answer: Administrator },
  'DELETE /api/admin/administrators/:id': { access: 'admin', tag: ADM, summary: 'Exclui um administrador', answer: SuccessAnswer },

  // Routes the product adds to the spec's list
  'GET /api/users/me/export': { access: 'user', tag: U, summary: 'Cópia dos dados do usuário (ZIP)', answer: File, kind: 'file' },
  'DELETE /api/users/me': { access: 'user', tag: U, summary: 'Exclui a conta do usuário', body: DeleteAccountBody, answer: SuccessAnswer },
  'GET /api/files/videos/:name': { access: 'subscriber', tag: CAT, summary: 'Arquivo de vídeo enviado', answer: File, kind: 'file' },
  'GET /api/admin/courses/:id': { access: 'admin', tag: ADM, summary: 'Um curso (também rascunho)', answer: Course },
  'GET /api/admin/courses/:id/lessons': { access: 'admin', tag: ADM, summary: 'Aulas de um curso', answer: z.array(CourseLesson) },
  'POST /api/admin/courses/:id/lessons': { access: 'admin', tag: ADM, summary: 'Cria uma aula', body: LessonCreateBody, answer: CourseLesson, status: 201 },
  'PUT /api/admin/courses/:id/lessons/order': { access: 'admin', tag: ADM, summary: 'Reordena as aulas', body: LessonOrderBody, answer: z.array(CourseLesson) },
  'PUT /api/admin/lessons/:id': { access: 'admin', tag: ADM, summary: 'Edita uma aula', body: LessonUpdateBody, answer: CourseLesson },
  'DELETE /api/admin/lessons/:id': { access: 'admin', tag: ADM, summary: 'Exclui uma aula', answer: SuccessAnswer },
  'POST /api/admin/upload-manual': { access: 'admin', tag: ADM, summary: 'Envia um PDF (multipart, campo "file")', multipart: 'file', answer: ManualUploadAnswer, status: 201 },
  'GET /api/admin/audit': { access: 'admin', tag: ADM, summary: 'Registro de ações dos administradores', query: AuditQuery, answer: AuditPage },
  'GET /api/files/manuals/:name': { access: 'subscriber', tag: MAN, summary: 'Arquivo PDF de um manual', answer: File, kind: 'file' },
  'GET /api/manuals/search': {
    access: 'user',
    tag: MAN,
    summary: 'Busca códigos de erro e termos no texto dos manuais (páginas; trecho só para assinantes)',
    query: ManualSearchQuery,
    answer: ManualSearchAnswer,
  },
  'GET /api/manuals/:id/pages': { access: 'subscriber', tag: MAN, summary: 'Texto de todas as páginas de um manual (busca offline)', answer: ManualPagesAnswer },
  'GET /api/plans': { access: 'public', tag: BIL, summary: 'Planos e o provedor de pagamento', answer: PlansResponse },
  'GET /api/billing/subscription': { access: 'user', tag: BIL, summary: 'Assinatura do usuário', answer: BillingSubscription },
  'POST /api/billing/checkout': { access: 'user', tag: BIL, summary: 'Endereço do pagamento de um plano', body: CheckoutBody, answer: RedirectResponse },
  'POST /api/billing/portal': { access: 'user', tag: BIL, summary: 'Endereço do portal do cliente', body: NoBody, answer: RedirectResponse },
  'POST /api/billing/webhook': { access: 'public', tag: BIL, summary: 'Eventos do provedor de pagamento (assinados)', body: z.unknown().describe('Evento do provedor'), answer: WebhookAnswer },
  'GET /api/billing/sandbox/checkout/:id': { access: 'user', tag: BIL, summary: 'Página de pagamento da demonstração', answer: Html, kind: 'html' },
  'POST /api/billing/sandbox/checkout/:id/complete': { access: 'user', tag: BIL, summary: 'Conclui o pagamento da demonstração', body: NoBody, answer: Html, kind: 'html' },
  'GET /api/billing/sandbox/portal/:id': { access: 'user', tag: BIL, summary: 'Portal do cliente da demonstração', answer: Html, kind: 'html' },
  'POST /api/billing/sandbox/portal/:id/:action': { access: 'user', tag: BIL, summary: 'Cancela ou retoma na demonstração', body: NoBody, answer: Html, kind: 'html' },
  'GET /api/billing/receipts': { access: 'user', tag: BIL, summary: 'Recibos dos pagamentos do usuário', answer: ReceiptsResponse },
  'GET /api/billing/receipts/:number/pdf': { access: 'user', tag: BIL, summary: 'PDF de um recibo do usuário', answer: File, kind: 'file' },
  'GET /api/billing/sandbox/charge/:id': { access: 'user', tag: BIL, summary: 'Pix ou boleto da demonstração', answer: Html, kind: 'html' },
  'GET /api/billing/sandbox/charge/:id/boleto.pdf': { access: 'user', tag: BIL, summary: 'PDF do boleto da demonstração', answer: File, kind: 'file' },
  'POST /api/billing/sandbox/charge/:id/:action': { access: 'user', tag: BIL, summary: 'Simula o pagamento ou o vencimento na demonstração', body: NoBody, answer: Html, kind: 'html' },
  'GET /api/admin/billing/users/:id/payments': { access: 'admin', tag: ADM, summary: 'Pagamentos de um usuário', answer: AdminPaymentsResponse },
  'GET /api/admin/billing/plans': { access: 'admin', tag: ADM, summary: 'Preços dos planos no Pix', answer: AdminPlanPricesResponse },
  'PUT /api/admin/billing/plans/:plan': { access: 'admin', tag: ADM, summary: 'Define o preço de um plano no Pix', body: PixPriceBody, answer: AdminPlanPricesResponse },
  'POST /api/auth/password-reset': { access: 'public', tag: U, summary: 'Pede um link de redefinição de senha', body: PasswordResetRequestBody, answer: MessageAnswer },
  'POST /api/auth/password-reset/check': { access: 'public', tag: U, summary: 'Diz se o link de redefinição ainda vale (sem usá-lo)', body: PasswordResetCheckBody, answer: PasswordResetCheckAnswer },
  'POST /api/auth/password-reset/confirm': { access: 'public', tag: U, summary: 'Redefine a senha com o link', body: PasswordResetConfirmBody, answer: SuccessMessageAnswer },
  'POST /api/auth/verify-email': { access: 'public', tag: U, summary: 'Confirma o e-mail com o link', body: VerifyEmailBody, answer: VerifyEmailAnswer },
  'POST /api/users/me/verification-email': { access: 'user', tag: U, summary: 'Envia um novo link de confirmação', body: NoBody, answer: ResendVerificationAnswer },
  // the sign-in methods offered, so the web app shows only those that work (services/auth/README.md)
  'GET /api/auth/providers': { access: 'public', tag: S, summary: 'Formas de login disponíveis (Google só quando configurado)', answer: SignInProvidersAnswer },

  // Resume where you stopped, on any device (services/catalog and services/courses READMEs)
  'GET /api/contents/continue': { access: 'user', tag: CAT, summary: 'Continuar assistindo: conteúdos começados e não terminados', answer: z.array(ContinueContent) },
  'GET /api/contents/:id/position': { access: 'user', tag: CAT, summary: 'Onde o usuário parou no vídeo (null quando nada foi salvo)', answer: ContentPosition.nullable() },
  'PUT /api/contents/:id/position': { access: 'user', tag: CAT, summary: 'Salva a posição e os trechos assistidos do vídeo', body: WatchReport, answer: ContentPosition },
  'GET /api/courses/continue': { access: 'user', tag: CRS, summary: 'Continuar assistindo: a aula a retomar em cada curso', answer: z.array(ContinueLesson) },
  'PUT /api/courses/:id/lessons/:lessonId/position': {
    access: 'subscriber',
    tag: CRS,
    summary: 'Salva a posição e os trechos assistidos da aula; conclui a aula quando a maior parte foi assistida',
    body: WatchReport,
    answer: LessonPosition,
  },

  // Course certificates (services/courses/README.md)
  'GET /api/certificates': { access: 'user', tag: CRS, summary: 'Certificados do usuário', answer: z.array(Certificate) },
  'GET /api/certificates/:code/pdf': { access: 'user', tag: CRS, summary: 'PDF de um certificado do usuário', answer: File, kind: 'file' },
  'GET /api/public/certificates/:code': { access: 'public', tag: CRS, summary: 'Verificação pública de um certificado pelo código', answer: PublicCertificate },
  'GET /api/admin/certificates': { access: 'admin', tag: ADM, summary: 'Certificados emitidos', query: AdminCertificatesQuery, answer: z.array(AdminCertificate) },
  'GET /api/admin/certificates/:code/pdf': { access: 'admin', tag: ADM, summary: 'PDF de um certificado', answer: File, kind: 'file' },
  'POST /api/admin/certificates/:code/revoke': { access: 'admin', tag: ADM, summary: 'Revoga um certificado', body: RevokeCertificateBody, answer: AdminCertificate },

  // Lesson quizzes and the course's final assessment (issue 27; services/courses/README.md)
  'GET /api/courses/:id/lessons/:lessonId/quiz': { access: 'subscriber', tag: CRS, summary: 'Questionário da aula, sem as respostas', answer: LessonQuiz },
  'POST /api/courses/:id/lessons/:lessonId/quiz/attempts': { access: 'subscriber', tag: CRS, summary: 'Envia as respostas do questionário; devolve a nota, as corretas e as explicações', body: QuizAnswersBody, answer: QuizResult, status: 201 },
  'GET /api/courses/:id/assessment': { access: 'subscriber', tag: CRS, summary: 'Avaliação final do curso: regras, tentativas de hoje, aprovação (null quando o curso não tem)', answer: AssessmentStatus.nullable() },
  'POST /api/courses/:id/assessment/attempts': { access: 'subscriber', tag: CRS, summary: 'Inicia (ou retoma) uma tentativa da avaliação: questões sorteadas, sem as respostas', body: NoBody, answer: AssessmentAttempt, status: 201 },
  'POST /api/courses/:id/assessment/attempts/:attemptId/submit': { access: 'subscriber', tag: CRS, summary: 'Envia a tentativa da avaliação; devolve a nota e as corretas', body: QuizAnswersBody, answer: AssessmentResult },
  'GET /api/admin/lessons/:id/quiz': { access: 'admin', tag: ADM, summary: 'Questões do questionário da aula, com as respostas', answer: z.array(AdminQuizQuestion) },
  'POST /api/admin/lessons/:id/quiz/questions': { access: 'admin', tag: ADM, summary: 'Adiciona uma questão ao questionário da aula', body: QuizQuestionBody, answer: AdminQuizQuestion, status: 201 },
  'PUT /api/admin/lessons/:id/quiz/order': { access: 'admin', tag: ADM, summary: 'Reordena as questões da aula', body: QuizOrderBody, answer: z.array(AdminQuizQuestion) },
  'GET /api/admin/lessons/:id/quiz/stats': { access: 'admin', tag: ADM, summary: 'Estatísticas do questionário da aula', answer: QuizStats },
  'GET /api/admin/courses/:id/assessment': { access: 'admin', tag: ADM, summary: 'Avaliação final do curso: regras e banco de questões', answer: AdminAssessment },
  'PUT /api/admin/courses/:id/assessment': { access: 'admin', tag: ADM, summary: 'Cria ou altera as regras da avaliação final', body: AssessmentSettingsBody, answer: AssessmentSettings },
  'DELETE /api/admin/courses/:id/assessment': { access: 'admin', tag: ADM, summary: 'Remove a avaliação final (o certificado deixa de esperá-la)', answer: SuccessAnswer },
  'POST /api/admin/courses/:id/assessment/questions': { access: 'admin', tag: ADM, summary: 'Adiciona uma questão ao banco da avaliação', body: QuizQuestionBody, answer: AdminQuizQuestion, status: 201 },
  'PUT /api/admin/courses/:id/assessment/order': { access: 'admin', tag: ADM, summary: 'Reordena o banco de questões da avaliação', body: QuizOrderBody, answer: z.array(AdminQuizQuestion) },
  'GET /api/admin/courses/:id/assessment/stats': { access: 'admin', tag: ADM, summary: 'Estatísticas da avaliação final', answer: QuizStats },
  'PUT /api/admin/quiz-questions/:id': { access: 'admin', tag: ADM, summary: 'Edita uma questão', body: QuizQuestionBody, answer: AdminQuizQuestion },
  'DELETE /api/admin/quiz-questions/:id': { access: 'admin', tag: ADM, summary: 'Exclui uma questão', answer: SuccessAnswer },
  'POST /api/admin/quiz-images': { access: 'admin', tag: ADM, summary: 'Envia a imagem de uma questão (multipart, campo "file"; JPEG, PNG ou WebP, até 5MB)', multipart: 'file', answer: QuizImageUploadAnswer, status: 201 },
  'GET /api/files/quiz-images/:name': { access: 'subscriber', tag: CRS, summary: 'Imagem de uma questão', answer: File, kind: 'file' },

  // This document itself
  'GET /api/docs': { access: 'public', tag: DOC, summary: 'Esta documentação (página)', answer: Html, kind: 'html' },
  'GET /api/docs/openapi.json': { access: 'public', tag: DOC, summary: 'Esta documentação (OpenAPI 3.1)', answer: z.record(z.string(), z.unknown()) },
};

type Defs = typeof ENDPOINTS;
type Input<S> = S extends { _zod: { input: infer I } } ? I : never;
type Output<S> = S extends { _zod: { output: infer O } } ? O : never;

/**
 * The types of every operation, computed once from the map (the client's types index this plain map,
 * which keeps type-checking the web apps fast).
 */
export type EndpointTypes = {
  [K in keyof Defs]: {
    answer: Output<Defs[K]['answer']>;
    body: Defs[K] extends { body: infer B } ? Input<B> : never;
    query: Defs[K] extends { query: infer Q } ? { [F in keyof Input<Q>]?: string | number | null } : never;
  };
};
export type EndpointKey = keyof EndpointTypes;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The paths of one method: `PathsOf<'GET'>` is '/api/contents' | '/api/contents/:id' | … */
export type PathsOf<M extends HttpMethod> = EndpointKey extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
type At<M extends HttpMethod, P extends string> = EndpointTypes[`${M} ${P}` & EndpointKey];

/** What the operation answers. */
export type AnswerOf<M extends HttpMethod, P extends PathsOf<M>> = At<M, P>['answer'];
/** What the caller sends as the JSON body (before the server's parsing). */
export type BodyOf<M extends HttpMethod, P extends PathsOf<M>> = At<M, P>['body'];
/** The query string's fields, as text (the query schemas coerce). */
export type QueryOf<M extends HttpMethod, P extends PathsOf<M>> = At<M, P>['query'];
/** The `:name` placeholders of a path. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** The schema an answer is checked against, or undefined for pages and files. */
export function answerSchema(method: HttpMethod, path: string): z.ZodType | undefined {
  const e = (ENDPOINTS as unknown as Record<string, Endpoint>)[`${method} ${path}`];
  return e && (e.kind ?? 'json') === 'json' ? e.answer : undefined;
}
