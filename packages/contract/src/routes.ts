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
import { AcceptReplyBody, AdminLessonQuestion, AdminLessonQuestionsAnswer, AdminLessonQuestionsQuery, LessonMessageBody, LessonQuestion, LessonReply } from './lesson-questions';
import { CaptionsBody, VideoProcessingAnswer, VideoProcessingQuery, VideoStreams } from './video-streams';
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
import { DeleteAccountBody } from './privacy';
import { HeartbeatAnswer, HeartbeatBody, OwnStats, RankingAnswer, RankingQuery } from './ranking';
import { ContentPosition, LessonPosition, WatchReport } from './watch';

/**
 * THE route table: every /api route, declared once, with
 * - its owner service and who may call it (`access`),
 * - its gateway options (body limit, streaming, nginx's anonymous cache, the per-address lookup limit),
 * - its schemas (query, body, answer) and its description.
 * From it come the gateway's nginx configuration (gateway/src/render.ts), the access check of every service (the
 * guard and the boot check in @clima/common read the matched route's access here; controllers declare none) and the
 * OpenAPI document (openapi.ts), as well as the web apps' typed client (endpoints.ts).
 *
 * A new route is ONE entry here ('METHOD /path' with `:name` placeholders, as the web apps call it); add
 * `origin: 'product'` for a route the spec's section 7 does not list. A path missing here is a 404 at the gateway,
 * and a service refuses to start with a handler the table does not list (or a route of its own without a handler).
 */

/** Who may call a route: anyone; a signed-in end user; one whose subscription is active; an administrator. */
export type ApiAccess = 'public' | 'user' | 'subscriber' | 'admin';
/** The same, plus `internal`: not reachable through the gateway (SERVICE_ROUTES only). */
export type Access = ApiAccess | 'internal';

/** The services that own routes (the same names as @clima/common's SERVICES). */
export type OwnerService = 'auth' | 'catalog' | 'courses' | 'manuals' | 'ranking' | 'billing';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How an answer is carried when it is not JSON. */
export type AnswerKind = 'json' | 'html' | 'file';

/** One route of the table. */
export interface RouteDef {
  /** The service that answers it. */
  service: OwnerService;
  /** Who may call it: the owning service's guard enforces it, the OpenAPI document states it. */
  access: ApiAccess;
  /** Where the route comes from: the spec's call list (default), or a route the product added. */
  origin?: 'spec' | 'product';
  /**
   * Served only when a setting of the owning service has this value (the sandbox payment pages exist only with
   * BILLING_PROVIDER=sandbox): otherwise the service has no handler for it (a 404), and the boot check requires none.
   */
  when?: { setting: string; is: string };
  /** Largest request body (nginx syntax); default 1 MB. */
  maxBody?: string;
  /** Stream the request body to the service instead of buffering it in nginx (uploads). */
  stream?: boolean;
  /**
   * A public list, the same for every anonymous caller: a GET without cookies or credentials is answered by
   * nginx from its cache (a copy serves only the wall-clock second it was fetched in: one request to the service per
   * second and query string, at most 1 s stale), without an identity check (the caller is anonymous). Any signed-in
   * caller goes to the service, which answers the very latest.
   */
  anonymousCache?: boolean;
  /**
   * A lookup anyone may repeat and that costs the service work each time (a certificate's verification, its
   * PDF): nginx allows each client address LOOKUP_RATE with a burst of LOOKUP_BURST, and answers 429 beyond.
   */
  lookupLimit?: boolean;
  /**
   * Seconds the gateway waits for this route's answer when the usual wait (the gateway's UPSTREAM_ANSWER_TIMEOUT_S,
   * 15 s) is too short for it: a call to an outside provider with its own retries (PROVIDER_ANSWER_WAIT_S).
   */
  answerWait?: number;
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

/**
 * The gateway's wait for a route that calls the payment provider (RouteDef.answerWait): Stripe's client tries a call
 * three times, 10 s each, with a short backoff between (services/billing/src/providers/stripe.provider.ts).
 */
export const PROVIDER_ANSWER_WAIT_S = 40;

/** The per-address request limit of the lookups (RouteDef.lookupLimit): nginx's limit_req rate and burst. */
export const LOOKUP_RATE = '5r/s';
export const LOOKUP_BURST = 20;

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
/** The demonstration payment pages: only without a real payment provider. */
const SANDBOX = { setting: 'BILLING_PROVIDER', is: 'sandbox' };

export const API_ROUTES = {
  // 7.1 Session and authentication
  'GET /api/users/me': { service: 'auth', access: 'public', tag: S, summary: 'Usuário da sessão (401 quando anônimo)', answer: Me },
  'GET /api/logout': { service: 'auth', access: 'public', tag: S, summary: 'Encerra a sessão do usuário', answer: SuccessAnswer },
  'GET /api/oauth/google/redirect_url': { service: 'auth', access: 'public', tag: S, summary: 'Endereço de login com Google', answer: RedirectUrlAnswer },
  'POST /api/sessions': { service: 'auth', access: 'public', tag: S, summary: 'Troca o código do Google por uma sessão', body: SessionExchangeBody, answer: Me },
  'POST /api/auth/register': { service: 'auth', access: 'public', tag: S, summary: 'Cadastro com e-mail e senha', body: RegisterBody, answer: Me, status: 201 },
  'POST /api/auth/signin': { service: 'auth', access: 'public', tag: S, summary: 'Login com e-mail e senha', body: SignInBody, answer: Me },
  'POST /api/users/session/heartbeat': { service: 'ranking', access: 'user', tag: RNK, summary: 'Sinal de atividade: o que o usuário estuda agora (pontos do ranking)', body: HeartbeatBody, answer: HeartbeatAnswer },
  'PUT /api/users/profile': { service: 'auth', access: 'user', tag: U, summary: 'Atualiza nome e e-mail', body: ProfileBody, answer: ProfileAnswer },
  'PUT /api/users/password': { service: 'auth', access: 'user', tag: U, summary: 'Troca a senha', body: PasswordBody, answer: SuccessMessageAnswer },
  'GET /api/admin/auth/me': { service: 'auth', access: 'public', tag: ADM, summary: 'Administrador da sessão (401 sem sessão)', answer: AdminMe },
  'POST /api/admin/auth/login': { service: 'auth', access: 'public', tag: ADM, summary: 'Login do administrador', body: AdminLoginBody, answer: AdminMe },
  'POST /api/admin/auth/logout': { service: 'auth', access: 'public', tag: ADM, summary: 'Encerra a sessão do administrador', body: NoBody, answer: SuccessAnswer },

  // 7.2 End-user data
  'GET /api/contents': { service: 'catalog', access: 'public', anonymousCache: true, tag: CAT, summary: 'Conteúdos publicados', query: ContentsQuery, answer: z.array(Content) },
  'GET /api/contents/:id': { service: 'catalog', access: 'subscriber', tag: CAT, summary: 'Um conteúdo (conta uma visualização)', answer: Content },
  // the locked preview of a content opened from a shared link (issue 25): its words only, no video source
  'GET /api/contents/:id/preview': {
    service: 'catalog',
    access: 'public',
    origin: 'product',
    tag: CAT,
    summary: 'Prévia pública de um conteúdo publicado (título, descrição, categoria, tags; sem vídeo, sem contar visualização)',
    answer: ContentPreview,
  },
  'GET /api/categories': { service: 'catalog', access: 'public', anonymousCache: true, tag: CAT, summary: 'Categorias de conteúdo', answer: z.array(ContentCategory) },
  'GET /api/course-categories': { service: 'courses', access: 'public', anonymousCache: true, tag: CRS, summary: 'Categorias de curso', answer: z.array(CourseCategory) },
  'GET /api/course-categories-with-stats': { service: 'courses', access: 'public', anonymousCache: true, tag: CRS, summary: 'Categorias de curso com aulas e duração', query: CourseCategoryListQuery, answer: z.array(CourseCategoryWithStats) },
  'GET /api/courses': { service: 'courses', access: 'public', anonymousCache: true, tag: CRS, summary: 'Cursos publicados', query: CourseListQuery, answer: z.array(Course) },
  'GET /api/courses/:id': { service: 'courses', access: 'subscriber', tag: CRS, summary: 'Um curso', answer: Course },
  // the locked preview of a course opened from a shared link (issue 25): public data only, no video sources
  'GET /api/courses/:id/preview': {
    service: 'courses',
    access: 'public',
    origin: 'product',
    tag: CRS,
    summary: 'Prévia pública de um curso publicado (título, descrição, lições por título e duração; sem vídeos)',
    answer: CoursePreview,
  },
  'GET /api/courses/:id/lessons': { service: 'courses', access: 'subscriber', tag: CRS, summary: 'Aulas de um curso', answer: z.array(CourseLesson) },
  'GET /api/courses/:id/progress': {
    service: 'courses',
    access: 'subscriber',
    tag: CRS,
    summary: 'Progresso do usuário nas aulas (concluídas, onde parou, quanto assistiu)',
    answer: z.array(LessonProgress),
  },
  'POST /api/courses/:id/lessons/:lessonId/progress': {
    service: 'courses',
    access: 'subscriber',
    tag: CRS,
    summary: 'Estado de uma aula (clientes antigos; não conclui: a aula conclui quando assistida)',
    body: NoBody,
    answer: LessonProgress,
  },
  'GET /api/ranking': { service: 'ranking', access: 'user', tag: RNK, summary: 'Ranking da semana (period=week) ou geral (period=all, padrão)', query: RankingQuery, answer: RankingAnswer },
  'GET /api/users/me/stats': { service: 'ranking', access: 'user', tag: RNK, summary: 'Pontos, sequência e medalhas do usuário', answer: OwnStats },
  'GET /api/manuals': { service: 'manuals', access: 'public', anonymousCache: true, tag: MAN, summary: 'Manuais publicados', query: ManualsQuery, answer: z.array(Manual) },
  'GET /api/manufacturers': { service: 'manuals', access: 'public', anonymousCache: true, tag: MAN, summary: 'Fabricantes', answer: z.array(Manufacturer) },
  'GET /api/models': { service: 'manuals', access: 'public', anonymousCache: true, tag: MAN, summary: 'Modelos de um fabricante', query: ModelsQuery, answer: z.array(Model) },
  'POST /api/manuals/:id/download': { service: 'manuals', access: 'subscriber', tag: MAN, summary: 'Registra um download e responde o endereço do arquivo', body: NoBody, answer: ManualDownloadAnswer },

  // 7.3 Administration
  'GET /api/admin/stats': { service: 'auth', access: 'admin', tag: ADM, summary: 'Números do painel', answer: AdminStats },
  'GET /api/admin/users': { service: 'auth', access: 'admin', tag: ADM, summary: 'Usuários', query: AdminUsersQuery, answer: z.array(AdminUserView) },
  'PUT /api/admin/users/:id': { service: 'auth', access: 'admin', tag: ADM, summary: 'Edita um usuário', body: AdminUserUpdateBody, answer: AdminUserView },
  'DELETE /api/admin/users/:id': { service: 'auth', access: 'admin', tag: ADM, summary: 'Exclui um usuário', answer: SuccessAnswer },
  'GET /api/admin/contents': { service: 'catalog', access: 'admin', tag: ADM, summary: 'Conteúdos (todos)', query: ContentsQuery, answer: z.array(Content) },
  'POST /api/admin/contents': { service: 'catalog', access: 'admin', tag: ADM, summary: 'Cria um conteúdo', body: ContentBody, answer: Content, status: 201 },
  'PUT /api/admin/contents/:id': { service: 'catalog', access: 'admin', tag: ADM, summary: 'Edita um conteúdo', body: ContentBody, answer: Content },
  'DELETE /api/admin/contents/:id': { service: 'catalog', access: 'admin', tag: ADM, summary: 'Exclui um conteúdo', answer: SuccessAnswer },
  'PATCH /api/admin/contents/:id/toggle-published': { service: 'catalog', access: 'admin', tag: ADM, summary: 'Publica ou despublica um conteúdo', body: TogglePublishedBody, answer: Content },
  'GET /api/admin/categories': { service: 'catalog', access: 'admin', tag: ADM, summary: 'Categorias de conteúdo', query: CategoriesQuery, answer: z.array(ContentCategory) },
  'POST /api/admin/categories': { service: 'catalog', access: 'admin', tag: ADM, summary: 'Cria uma categoria de conteúdo', body: CategoryBody, answer: ContentCategory, status: 201 },
  'PUT /api/admin/categories/:id': { service: 'catalog', access: 'admin', tag: ADM, summary: 'Edita uma categoria de conteúdo', body: CategoryBody, answer: ContentCategory },
  'DELETE /api/admin/categories/:id': { service: 'catalog', access: 'admin', tag: ADM, summary: 'Exclui uma categoria de conteúdo', answer: SuccessAnswer },
  'GET /api/admin/course-categories': { service: 'courses', access: 'admin', tag: ADM, summary: 'Categorias de curso', query: CourseCategoryListQuery, answer: z.array(CourseCategoryWithStats) },
  'POST /api/admin/course-categories': { service: 'courses', access: 'admin', tag: ADM, summary: 'Cria uma categoria de curso', body: CourseCategoryCreateBody, answer: CourseCategory, status: 201 },
  'PUT /api/admin/course-categories/:id': { service: 'courses', access: 'admin', tag: ADM, summary: 'Edita uma categoria de curso', body: CourseCategoryUpdateBody, answer: CourseCategory },
  'DELETE /api/admin/course-categories/:id': { service: 'courses', access: 'admin', tag: ADM, summary: 'Exclui uma categoria de curso', answer: SuccessAnswer },
  'GET /api/admin/courses': { service: 'courses', access: 'admin', tag: ADM, summary: 'Cursos (todos)', query: CourseListQuery, answer: z.array(Course) },
  'POST /api/admin/courses': { service: 'courses', access: 'admin', tag: ADM, summary: 'Cria um curso', body: CourseCreateBody, answer: Course, status: 201 },
  'PUT /api/admin/courses/:id': { service: 'courses', access: 'admin', tag: ADM, summary: 'Edita um curso', body: CourseUpdateBody, answer: Course },
  'DELETE /api/admin/courses/:id': { service: 'courses', access: 'admin', tag: ADM, summary: 'Exclui um curso com suas aulas', answer: SuccessAnswer },
  'PATCH /api/admin/courses/:id/toggle-published': { service: 'courses', access: 'admin', tag: ADM, summary: 'Publica ou despublica um curso', body: CourseTogglePublishedBody, answer: Course },
  'POST /api/admin/upload-video': { service: 'catalog', access: 'admin', maxBody: '510m', stream: true, tag: ADM, summary: 'Envia um vídeo (multipart, campo "video")', multipart: 'video', answer: VideoUploadAnswer, status: 201 },
  'GET /api/admin/manuals': { service: 'manuals', access: 'admin', tag: ADM, summary: 'Manuais (todos)', query: AdminManualsQuery, answer: z.array(Manual) },
  'POST /api/admin/manuals': { service: 'manuals', access: 'admin', tag: ADM, summary: 'Cria um manual', body: ManualCreateBody, answer: Manual, status: 201 },
  'PUT /api/admin/manuals/:id': { service: 'manuals', access: 'admin', tag: ADM, summary: 'Edita um manual', body: ManualUpdateBody, answer: Manual },
  'DELETE /api/admin/manuals/:id': { service: 'manuals', access: 'admin', tag: ADM, summary: 'Exclui um manual', answer: SuccessAnswer },
  'GET /api/admin/administrators': { service: 'auth', access: 'admin', tag: ADM, summary: 'Administradores', query: AdministratorsQuery, answer: z.array(Administrator) },
  'POST /api/admin/administrators': { service: 'auth', access: 'admin', tag: ADM, summary: 'Cria um administrador', body: AdministratorCreateBody, answer: Administrator, status: 201 },
  'PUT /api/admin/administrators/:id': { service: 'auth', access: 'admin', tag: ADM, summary: 'Edita um administrador', body: AdministratorUpdateBody, answer: Administrator },
  'DELETE /api/admin/administrators/:id': { service: 'auth', access: 'admin', tag: ADM, summary: 'Exclui um administrador', answer: SuccessAnswer },

  // Routes the product adds to the spec's list (each explained in its service's README)
  // LGPD self-service: a copy of the user's data (ZIP), and the deletion of the account
  'GET /api/users/me/export': { service: 'auth', access: 'user', origin: 'product', tag: U, summary: 'Cópia dos dados do usuário (ZIP)', answer: File, kind: 'file' },
  'DELETE /api/users/me': { service: 'auth', access: 'user', origin: 'product', tag: U, summary: 'Exclui a conta do usuário', body: DeleteAccountBody, answer: SuccessAnswer },
  'GET /api/files/videos/:name': { service: 'catalog', access: 'subscriber', origin: 'product', tag: CAT, summary: 'Arquivo de vídeo enviado', answer: File, kind: 'file' },
  'GET /api/admin/courses/:id': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Um curso (também rascunho)', answer: Course },
  'GET /api/admin/courses/:id/lessons': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Aulas de um curso', answer: z.array(CourseLesson) },
  'POST /api/admin/courses/:id/lessons': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Cria uma aula', body: LessonCreateBody, answer: CourseLesson, status: 201 },
  'PUT /api/admin/courses/:id/lessons/order': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Reordena as aulas', body: LessonOrderBody, answer: z.array(CourseLesson) },
  'PUT /api/admin/lessons/:id': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Edita uma aula', body: LessonUpdateBody, answer: CourseLesson },
  'DELETE /api/admin/lessons/:id': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Exclui uma aula', answer: SuccessAnswer },
  'POST /api/admin/upload-manual': { service: 'manuals', access: 'admin', origin: 'product', maxBody: '105m', stream: true, tag: ADM, summary: 'Envia um PDF (multipart, campo "file")', multipart: 'file', answer: ManualUploadAnswer, status: 201 },
  // the administrators' audit log, read-only (services/auth/README.md)
  'GET /api/admin/audit': { service: 'auth', access: 'admin', origin: 'product', tag: ADM, summary: 'Registro de ações dos administradores', query: AuditQuery, answer: AuditPage },
  'GET /api/files/manuals/:name': { service: 'manuals', access: 'subscriber', origin: 'product', tag: MAN, summary: 'Arquivo PDF de um manual', answer: File, kind: 'file' },
  // search inside the manuals' PDFs and their page text for the offline copy (services/manuals/README.md)
  'GET /api/manuals/search': {
    service: 'manuals',
    access: 'user',
    origin: 'product',
    tag: MAN,
    summary: 'Busca códigos de erro e termos no texto dos manuais (páginas; trecho só para assinantes)',
    query: ManualSearchQuery,
    answer: ManualSearchAnswer,
  },
  'GET /api/manuals/:id/pages': { service: 'manuals', access: 'subscriber', origin: 'product', tag: MAN, summary: 'Texto de todas as páginas de um manual (busca offline)', answer: ManualPagesAnswer },
  'GET /api/plans': { service: 'billing', access: 'public', origin: 'product', tag: BIL, summary: 'Planos e o provedor de pagamento', answer: PlansResponse },
  'GET /api/billing/subscription': { service: 'billing', access: 'user', origin: 'product', tag: BIL, summary: 'Assinatura do usuário', answer: BillingSubscription },
  'POST /api/billing/checkout': { service: 'billing', access: 'user', origin: 'product', answerWait: PROVIDER_ANSWER_WAIT_S, tag: BIL, summary: 'Endereço do pagamento de um plano', body: CheckoutBody, answer: RedirectResponse },
  'POST /api/billing/portal': { service: 'billing', access: 'user', origin: 'product', answerWait: PROVIDER_ANSWER_WAIT_S, tag: BIL, summary: 'Endereço do portal do cliente', body: NoBody, answer: RedirectResponse },
  'POST /api/billing/webhook': { service: 'billing', access: 'public', origin: 'product', maxBody: '1m', tag: BIL, summary: 'Eventos do provedor de pagamento (assinados)', body: z.unknown().describe('Evento do provedor'), answer: WebhookAnswer },
  'GET /api/billing/sandbox/checkout/:id': { service: 'billing', access: 'user', origin: 'product', when: SANDBOX, tag: BIL, summary: 'Página de pagamento da demonstração', answer: Html, kind: 'html' },
  'POST /api/billing/sandbox/checkout/:id/complete': { service: 'billing', access: 'user', origin: 'product', when: SANDBOX, tag: BIL, summary: 'Conclui o pagamento da demonstração', body: NoBody, answer: Html, kind: 'html' },
  'GET /api/billing/sandbox/portal/:id': { service: 'billing', access: 'user', origin: 'product', when: SANDBOX, tag: BIL, summary: 'Portal do cliente da demonstração', answer: Html, kind: 'html' },
  'POST /api/billing/sandbox/portal/:id/:action': { service: 'billing', access: 'user', origin: 'product', when: SANDBOX, tag: BIL, summary: 'Cancela ou retoma na demonstração', body: NoBody, answer: Html, kind: 'html' },
  // Pix and boleto beside the card, receipts (services/billing/README.md)
  'GET /api/billing/receipts': { service: 'billing', access: 'user', origin: 'product', tag: BIL, summary: 'Recibos dos pagamentos do usuário', answer: ReceiptsResponse },
  'GET /api/billing/receipts/:number/pdf': { service: 'billing', access: 'user', origin: 'product', tag: BIL, summary: 'PDF de um recibo do usuário', answer: File, kind: 'file' },
  'GET /api/billing/sandbox/charge/:id': { service: 'billing', access: 'user', origin: 'product', when: SANDBOX, tag: BIL, summary: 'Pix ou boleto da demonstração', answer: Html, kind: 'html' },
  'GET /api/billing/sandbox/charge/:id/boleto.pdf': { service: 'billing', access: 'user', origin: 'product', when: SANDBOX, tag: BIL, summary: 'PDF do boleto da demonstração', answer: File, kind: 'file' },
  'POST /api/billing/sandbox/charge/:id/:action': { service: 'billing', access: 'user', origin: 'product', when: SANDBOX, tag: BIL, summary: 'Simula o pagamento ou o vencimento na demonstração', body: NoBody, answer: Html, kind: 'html' },
  'GET /api/admin/billing/users/:id/payments': { service: 'billing', access: 'admin', origin: 'product', tag: ADM, summary: 'Pagamentos de um usuário', answer: AdminPaymentsResponse },
  'GET /api/admin/billing/plans': { service: 'billing', access: 'admin', origin: 'product', tag: ADM, summary: 'Preços dos planos no Pix', answer: AdminPlanPricesResponse },
  'PUT /api/admin/billing/plans/:plan': { service: 'billing', access: 'admin', origin: 'product', tag: ADM, summary: 'Define o preço de um plano no Pix', body: PixPriceBody, answer: AdminPlanPricesResponse },
  // account recovery: password reset by an e-mailed link, e-mail verification (services/auth/README.md)
  'POST /api/auth/password-reset': { service: 'auth', access: 'public', origin: 'product', tag: U, summary: 'Pede um link de redefinição de senha', body: PasswordResetRequestBody, answer: MessageAnswer },
  'POST /api/auth/password-reset/check': { service: 'auth', access: 'public', origin: 'product', tag: U, summary: 'Diz se o link de redefinição ainda vale (sem usá-lo)', body: PasswordResetCheckBody, answer: PasswordResetCheckAnswer },
  'POST /api/auth/password-reset/confirm': { service: 'auth', access: 'public', origin: 'product', tag: U, summary: 'Redefine a senha com o link', body: PasswordResetConfirmBody, answer: SuccessMessageAnswer },
  'POST /api/auth/verify-email': { service: 'auth', access: 'public', origin: 'product', tag: U, summary: 'Confirma o e-mail com o link', body: VerifyEmailBody, answer: VerifyEmailAnswer },
  'POST /api/users/me/verification-email': { service: 'auth', access: 'user', origin: 'product', tag: U, summary: 'Envia um novo link de confirmação', body: NoBody, answer: ResendVerificationAnswer },
  // the sign-in methods offered (Google only when configured), read by the web app's sign-in dialog
  'GET /api/auth/providers': { service: 'auth', access: 'public', origin: 'product', tag: S, summary: 'Formas de login disponíveis (Google só quando configurado)', answer: SignInProvidersAnswer },
  // resume where you stopped and 'Continuar assistindo' (services/catalog and services/courses READMEs)
  'GET /api/contents/continue': { service: 'catalog', access: 'user', origin: 'product', tag: CAT, summary: 'Continuar assistindo: conteúdos começados e não terminados', answer: z.array(ContinueContent) },
  'GET /api/contents/:id/position': { service: 'catalog', access: 'user', origin: 'product', tag: CAT, summary: 'Onde o usuário parou no vídeo (null quando nada foi salvo)', answer: ContentPosition.nullable() },
  'PUT /api/contents/:id/position': { service: 'catalog', access: 'user', origin: 'product', tag: CAT, summary: 'Salva a posição e os trechos assistidos do vídeo', body: WatchReport, answer: ContentPosition },
  'GET /api/courses/continue': { service: 'courses', access: 'user', origin: 'product', tag: CRS, summary: 'Continuar assistindo: a aula a retomar em cada curso', answer: z.array(ContinueLesson) },
  'PUT /api/courses/:id/lessons/:lessonId/position': {
    service: 'courses',
    access: 'subscriber',
    origin: 'product',
    tag: CRS,
    summary: 'Salva a posição e os trechos assistidos da aula; conclui a aula quando a maior parte foi assistida',
    body: WatchReport,
    answer: LessonPosition,
  },
  // course certificates and their public verification (services/courses/README.md)
  'GET /api/certificates': { service: 'courses', access: 'user', origin: 'product', tag: CRS, summary: 'Certificados do usuário', answer: z.array(Certificate) },
  'GET /api/certificates/:code/pdf': { service: 'courses', access: 'user', origin: 'product', lookupLimit: true, tag: CRS, summary: 'PDF de um certificado do usuário', answer: File, kind: 'file' },
  'GET /api/public/certificates/:code': { service: 'courses', access: 'public', origin: 'product', lookupLimit: true, tag: CRS, summary: 'Verificação pública de um certificado pelo código', answer: PublicCertificate },
  'GET /api/admin/certificates': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Certificados emitidos', query: AdminCertificatesQuery, answer: z.array(AdminCertificate) },
  'GET /api/admin/certificates/:code/pdf': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'PDF de um certificado', answer: File, kind: 'file' },
  'POST /api/admin/certificates/:code/revoke': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Revoga um certificado', body: RevokeCertificateBody, answer: AdminCertificate },
  // 'Dúvidas' under each lesson: questions, replies, moderation (issue 27; services/courses/README.md, 'Dúvidas')
  'GET /api/courses/:id/lessons/:lessonId/questions': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Dúvidas de uma aula', answer: z.array(LessonQuestion) },
  'POST /api/courses/:id/lessons/:lessonId/questions': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Envia uma dúvida sobre a aula', body: LessonMessageBody, answer: LessonQuestion, status: 201 },
  'PATCH /api/lesson-questions/:id': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Edita a própria dúvida (nos primeiros minutos)', body: LessonMessageBody, answer: LessonQuestion },
  'DELETE /api/lesson-questions/:id': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Exclui a própria dúvida (nos primeiros minutos)', answer: SuccessAnswer },
  'PUT /api/lesson-questions/:id/photo': { service: 'courses', access: 'subscriber', origin: 'product', maxBody: '6m', stream: true, tag: CRS, summary: 'Anexa uma foto à própria dúvida (multipart, campo "photo")', multipart: 'photo', answer: LessonQuestion },
  'GET /api/lesson-questions/:id/photo': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'A foto de uma dúvida', answer: File, kind: 'file' },
  'POST /api/lesson-questions/:id/replies': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Responde a uma dúvida', body: LessonMessageBody, answer: LessonReply, status: 201 },
  'POST /api/lesson-questions/:id/accept': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Marca (ou desmarca) a resposta da dúvida', body: AcceptReplyBody, answer: LessonQuestion },
  'PATCH /api/lesson-question-replies/:id': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Edita a própria resposta (nos primeiros minutos)', body: LessonMessageBody, answer: LessonReply },
  'DELETE /api/lesson-question-replies/:id': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Exclui a própria resposta (nos primeiros minutos)', answer: SuccessAnswer },
  'GET /api/admin/lesson-questions': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Dúvidas sem resposta (as mais antigas primeiro)', query: AdminLessonQuestionsQuery, answer: AdminLessonQuestionsAnswer },
  'GET /api/admin/lesson-questions/:id/photo': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'A foto de uma dúvida', answer: File, kind: 'file' },
  'POST /api/admin/lesson-questions/:id/replies': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Responde como instrutor', body: LessonMessageBody, answer: LessonReply, status: 201 },
  'POST /api/admin/lesson-questions/:id/accept': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Marca (ou desmarca) a resposta da dúvida', body: AcceptReplyBody, answer: AdminLessonQuestion },
  'POST /api/admin/lesson-questions/:id/hide': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Oculta uma dúvida dos assinantes', body: NoBody, answer: AdminLessonQuestion },
  'POST /api/admin/lesson-questions/:id/show': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Volta a mostrar uma dúvida', body: NoBody, answer: AdminLessonQuestion },
  'DELETE /api/admin/lesson-questions/:id': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Exclui uma dúvida e as respostas', answer: SuccessAnswer },
  'POST /api/admin/lesson-question-replies/:id/hide': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Oculta uma resposta dos assinantes', body: NoBody, answer: AdminLessonQuestion },
  'POST /api/admin/lesson-question-replies/:id/show': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Volta a mostrar uma resposta', body: NoBody, answer: AdminLessonQuestion },
  'DELETE /api/admin/lesson-question-replies/:id': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Exclui uma resposta', answer: SuccessAnswer },

  // Video for the field: HLS streaming, poster, offline copy and captions of the uploaded videos (issue 28, services/catalog/README.md)
  'GET /api/files/videos/:name/:file': { service: 'catalog', access: 'subscriber', origin: 'product', tag: CAT, summary: 'Arquivo derivado de um vídeo enviado (listas HLS, segmentos, pôster, cópia offline, legendas)', answer: File, kind: 'file' },
  'GET /api/videos/:name/streams': { service: 'catalog', access: 'subscriber', origin: 'product', tag: CAT, summary: 'Fontes de um vídeo enviado: HLS, pôster, legendas e cópia offline', answer: VideoStreams },
  'GET /api/admin/videos': { service: 'catalog', access: 'admin', origin: 'product', tag: ADM, summary: 'Conversão dos vídeos enviados (Processando, Falha, pronto)', query: VideoProcessingQuery, answer: VideoProcessingAnswer },
  'PUT /api/admin/videos/:name/captions': { service: 'catalog', access: 'admin', origin: 'product', tag: ADM, summary: 'Legendas (pt-BR) de um vídeo enviado (WebVTT; texto vazio as remove)', body: CaptionsBody, answer: VideoProcessingAnswer.element },

  // Lesson quizzes and the course's final assessment (issue 27; services/courses/README.md)
  'GET /api/courses/:id/lessons/:lessonId/quiz': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Questionário da aula, sem as respostas', answer: LessonQuiz },
  'POST /api/courses/:id/lessons/:lessonId/quiz/attempts': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Envia as respostas do questionário; devolve a nota, as corretas e as explicações', body: QuizAnswersBody, answer: QuizResult, status: 201 },
  'GET /api/courses/:id/assessment': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Avaliação final do curso: regras, tentativas de hoje, aprovação (null quando o curso não tem)', answer: AssessmentStatus.nullable() },
  'POST /api/courses/:id/assessment/attempts': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Inicia (ou retoma) uma tentativa da avaliação: questões sorteadas, sem as respostas', body: NoBody, answer: AssessmentAttempt, status: 201 },
  'POST /api/courses/:id/assessment/attempts/:attemptId/submit': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Envia a tentativa da avaliação; devolve a nota e as corretas', body: QuizAnswersBody, answer: AssessmentResult },
  'GET /api/admin/lessons/:id/quiz': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Questões do questionário da aula, com as respostas', answer: z.array(AdminQuizQuestion) },
  'POST /api/admin/lessons/:id/quiz/questions': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Adiciona uma questão ao questionário da aula', body: QuizQuestionBody, answer: AdminQuizQuestion, status: 201 },
  'PUT /api/admin/lessons/:id/quiz/order': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Reordena as questões da aula', body: QuizOrderBody, answer: z.array(AdminQuizQuestion) },
  'GET /api/admin/lessons/:id/quiz/stats': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Estatísticas do questionário da aula', answer: QuizStats },
  'GET /api/admin/courses/:id/assessment': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Avaliação final do curso: regras e banco de questões', answer: AdminAssessment },
  'PUT /api/admin/courses/:id/assessment': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Cria ou altera as regras da avaliação final', body: AssessmentSettingsBody, answer: AssessmentSettings },
  'DELETE /api/admin/courses/:id/assessment': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Remove a avaliação final (o certificado deixa de esperá-la)', answer: SuccessAnswer },
  'POST /api/admin/courses/:id/assessment/questions': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Adiciona uma questão ao banco da avaliação', body: QuizQuestionBody, answer: AdminQuizQuestion, status: 201 },
  'PUT /api/admin/courses/:id/assessment/order': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Reordena o banco de questões da avaliação', body: QuizOrderBody, answer: z.array(AdminQuizQuestion) },
  'GET /api/admin/courses/:id/assessment/stats': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Estatísticas da avaliação final', answer: QuizStats },
  'PUT /api/admin/quiz-questions/:id': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Edita uma questão', body: QuizQuestionBody, answer: AdminQuizQuestion },
  'DELETE /api/admin/quiz-questions/:id': { service: 'courses', access: 'admin', origin: 'product', tag: ADM, summary: 'Exclui uma questão', answer: SuccessAnswer },
  'POST /api/admin/quiz-images': { service: 'courses', access: 'admin', origin: 'product', maxBody: '6m', stream: true, tag: ADM, summary: 'Envia a imagem de uma questão (multipart, campo "file"; JPEG, PNG ou WebP, até 5MB)', multipart: 'file', answer: QuizImageUploadAnswer, status: 201 },
  'GET /api/files/quiz-images/:name': { service: 'courses', access: 'subscriber', origin: 'product', tag: CRS, summary: 'Imagem de uma questão', answer: File, kind: 'file' },
  // the session check the web apps make on every load: 200 for anonymous visitors too
  'GET /api/session': { service: 'auth', access: 'public', origin: 'product', tag: S, summary: 'Usuário e administrador da sessão (nulos quando anônimo)', answer: SessionAnswer },
  // the API's own description, generated from the contract (services/auth/README.md)
  'GET /api/docs': { service: 'auth', access: 'public', origin: 'product', tag: DOC, summary: 'Esta documentação (página)', answer: Html, kind: 'html' },
  'GET /api/docs/openapi.json': { service: 'auth', access: 'public', origin: 'product', tag: DOC, summary: 'Esta documentação (OpenAPI 3.1)', answer: z.record(z.string(), z.unknown()) },
} satisfies Record<`${Method} /api/${string}`, RouteDef>;

/**
 * The routes a service answers beside the API, never through the gateway (nginx has no location for them): the
 * platform's own /health and /metrics of every service (`every`), and auth's identity check that nginx asks on
 * every request (`internal`). Part of the same table for the boot check: a handler on no row of either list
 * refuses to start.
 */
export interface ServiceRouteDef {
  service: OwnerService | 'every';
  access: Access;
  summary: string;
}
export const SERVICE_ROUTES = {
  'GET /health': { service: 'every', access: 'public', summary: 'O banco e o Redis do serviço, cada um verificado' },
  'GET /metrics': { service: 'every', access: 'public', summary: 'Métricas Prometheus (token próprio quando METRICS_TOKEN existe)' },
  // nginx's auth_request keeps the method of the request it checks: the route answers every method
  'GET /internal/identity': { service: 'auth', access: 'internal', summary: 'A identidade assinada que o gateway pede a cada requisição' },
} satisfies Record<string, ServiceRouteDef>;

export type ApiRouteKey = keyof typeof API_ROUTES;

/** One API route as a flat row (the gateway's render, the suites that walk the table). */
export interface Route extends Omit<RouteDef, 'origin'> {
  method: Method;
  /** Path with `:name` placeholders, exactly as the web apps call it. */
  path: string;
  origin: 'spec' | 'product';
}

/** 'GET /api/x' → ['GET', '/api/x']. */
export function splitRouteKey(key: string): [Method, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as Method, key.slice(space + 1)];
}

/** Every API route as a row, in the table's order. */
export const ROUTES: Route[] = Object.entries(API_ROUTES as Record<string, RouteDef>).map(([key, def]) => {
  const [method, path] = splitRouteKey(key);
  return { ...def, method, path, origin: def.origin ?? 'spec' };
});

/** A row of either list, as a service's guard and boot check read it. */
export interface ServedRoute {
  method: string;
  path: string;
  service: OwnerService | 'every';
  access: Access;
}

/**
 * The routes a service must serve: its API routes and its service routes (those of `every` included). Given the
 * service's settings, a row served only under another setting (`when`) is left out.
 */
export function routesOfService(service: string, settings?: Record<string, unknown>): ServedRoute[] {
  const rows: ServedRoute[] = ROUTES.filter((r) => !settings || !r.when || settings[r.when.setting] === r.when.is).map(({ method, path, service: s, access }) => ({
    method,
    path,
    service: s,
    access,
  }));
  for (const [key, def] of Object.entries(SERVICE_ROUTES as Record<string, ServiceRouteDef>)) {
    const [method, path] = splitRouteKey(key);
    rows.push({ method, path, service: def.service, access: def.access });
  }
  return rows.filter((r) => r.service === service || r.service === 'every');
}

/** The regular expression nginx matches for a route path. */
export function pathRegex(path: string): string {
  return `^${path.replace(/[.]/g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+')}$`;
}

/** Fills a route's placeholders (for tests and the authorization matrix). */
export function fillPath(path: string, values: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, k: string) => String(values[k] ?? 1));
}
