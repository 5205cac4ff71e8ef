/**
 * Bad input through the real gateway, for every route of the table that takes input (body, query string,
 * path placeholders): malformed JSON, wrong types, huge strings, unicode, SQL and script payloads, path
 * traversal, oversize bodies. Each answer: no 5xx, no stack trace or internal detail, a JSON `{ error }`
 * for a refusal; and a refused request writes no row (the owning service's tables are counted before and
 * after) and no file (the storage folder is counted).
 */
import { randomBytes } from 'node:crypto';
import { MANUAL_FILE_PREFIX } from '@clima/contract';
import { fillPath, Route, ROUTES } from '../../gateway/src/routes';
import { event, nowUnix, rid, sign, subscription } from '../../services/billing/test/stripe-fixtures';
import { FIELD_VALUES, LEAKS, PATH_VALUES, QUERY_NAMES, QUERY_SHAPES, QUERY_VALUES, RAW_BODIES } from './support/corpus';
import { Answer, call, countFiles, startTestPlatform, TestPlatform, WEBHOOK_SECRET } from './support/platform';
import { adminLogin, adminUpdateUser, ACTIVE, registerUser } from './support/roles';

jest.setTimeout(900_000);

const key = (r: Route) => `${r.method} ${r.path}`;
const hasBody = (r: Route) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH';

/** Routes that take no input the suite can vary: they end the caller's session. */
const NO_INPUT = new Set(['GET /api/logout', 'POST /api/admin/auth/logout']);
/** Features off in the suite's platform (no Google client id): their answer is this 503, whatever the input. */
const FEATURE_OFF: Record<string, string> = {
  'POST /api/sessions': 'Login com Google não está configurado',
  'GET /api/oauth/google/redirect_url': 'Login com Google não está configurado',
};
/** Routes answered with multipart uploads (checked with their own corpus below). */
const UPLOADS = new Set(['POST /api/admin/upload-video', 'POST /api/admin/upload-manual', 'POST /api/admin/quiz-images', 'PUT /api/lesson-questions/:id/photo']);

let t: TestPlatform;
let power: string; // an end user with the is_admin flag and an active subscription: reaches every route
let billingUser: string; // an inactive user with a sandbox checkout of its own
let f: Record<string, string | number>;
const tally = { requests: 0, refused: 0, accepted: 0, problems: 0, routes: new Set<string>() };

/** A valid body and placeholder values for each route that takes a body or placeholders. */
let samples: Record<string, { params?: Record<string, string | number>; body?: Record<string, unknown>; caller?: () => string; signed?: boolean }>;

beforeAll(async () => {
  t = await startTestPlatform({
    tag: 'input',
    seed: true,
    env: { SIGNIN_MAX_ACCOUNTS_PER_IP: '100000', SIGNIN_FREE_FAILURES: '10000', LOG_LEVEL: 'warn' },
  });
  const admin = await adminLogin(t);
  const p = await registerUser(t, 'power');
  await adminUpdateUser(t, admin, p.userId, { ...ACTIVE(), is_admin: true });
  const victim = await registerUser(t, 'victim');
  const b = await registerUser(t, 'billing');
  billingUser = b.cookie;
  await new Promise((r) => setTimeout(r, 1500));
  power = p.cookie;
  const as = (method: string, path: string, body?: unknown, cookie = power) => t.call(method, path, { cookie, body });
  const ok = async (res: Promise<Answer>, what: string) => {
    const a = await res;
    if (a.status >= 300) throw new Error(`${what}: ${a.status} ${a.text}`);
    return a.json;
  };
  const tag = randomBytes(3).toString('hex');
  const victimAdmin = await ok(as('POST', '/api/admin/administrators', { username: `vitima-${tag}`, password: 'segredo123' }), 'administrator');
  const category = await ok(as('POST', '/api/admin/categories', { name: `Categoria ${tag}`, slug: `categoria-${tag}` }), 'category');
  const content = await ok(as('POST', '/api/admin/contents', { title: `Conteúdo ${tag}`, category_id: category.id, is_published: 1 }), 'content');
  const courseCategory = await ok(as('POST', '/api/admin/course-categories', { name: `Cursos ${tag}`, slug: `cursos-${tag}` }), 'course category');
  const course = await ok(as('POST', '/api/admin/courses', { title: `Curso ${tag}`, course_category_id: courseCategory.id, is_published: 1 }), 'course');
  const lesson1 = await ok(as('POST', `/api/admin/courses/${course.id}/lessons`, { title: 'Aula 1', duration_seconds: 60 }), 'lesson');
  const lesson2 = await ok(as('POST', `/api/admin/courses/${course.id}/lessons`, { title: 'Aula 2', duration_seconds: '02:00' }), 'lesson');
  const manual = await ok(
    as('POST', '/api/admin/manuals', { title: `Manual ${tag}`, manufacturer_name: `Fabricante ${tag}`, model_name: 'X-1', file_url: 'https://example.com/manual.pdf' }),
    'manual',
  );
  const questionBody = { kind: 'single', prompt: 'Qual o superaquecimento?', explanation: '12 − 5 = 7 K', options: [{ text: '7 K', correct: true }, { text: '17 K', correct: false }] };
  const question = await ok(as('POST', `/api/admin/lessons/${lesson1.id}/quiz/questions`, questionBody), 'quiz question');
  await ok(as('PUT', `/api/admin/courses/${course.id}/assessment`, { questions_per_attempt: 1, passing_score: 70, attempts_per_day: 20 }), 'assessment');
  const poolQuestion = await ok(as('POST', `/api/admin/courses/${course.id}/assessment/questions`, questionBody), 'assessment question');
  const lessonQuestion = await ok(as('POST', `/api/courses/${course.id}/lessons/${lesson1.id}/questions`, { body: 'Qual o vácuo ideal em mícrons?' }), 'lesson question');
  const lessonReply = await ok(as('POST', `/api/lesson-questions/${lessonQuestion.id}/replies`, { body: 'Abaixo de 500 mícrons.' }), 'lesson reply');
  const checkout = await ok(as('POST', '/api/billing/checkout', { plan: 'monthly' }, billingUser), 'checkout');
  f = {
    victim: victim.userId,
    victimAdmin: Number(victimAdmin.id),
    category: Number(category.id),
    content: Number(content.id),
    courseCategory: Number(courseCategory.id),
    course: Number(course.id),
    lesson1: Number(lesson1.id),
    lesson2: Number(lesson2.id),
    manual: Number(manual.id),
    checkout: String(checkout.url).split('/').pop()!,
    question: Number(question.id),
    poolQuestion: Number(poolQuestion.id),
    lessonQuestion: Number(lessonQuestion.id),
    lessonReply: Number(lessonReply.id),
  };
  const contentBody = {
    title: 'Conteúdo de teste',
    description: 'Descrição',
    category_id: f.category,
    tags: '["inverter","split"]',
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    video_orientation: 'horizontal',
    is_published: 0,
  };
  const courseBody = {
    title: 'Curso de teste',
    description: 'Descrição',
    course_category_id: f.courseCategory,
    cover_image_url: 'https://example.com/capa.png',
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    video_orientation: 'horizontal',
    is_published: 0,
  };
  const lessonBody = { title: 'Aula de teste', description: 'Descrição', youtube_video_id: 'dQw4w9WgXcQ', duration_seconds: '05:00', position: 1 };
  const manualBody = {
    title: 'Manual de teste',
    manufacturer_name: 'Fabricante Teste',
    model_name: 'Modelo 1',
    file_url: 'https://example.com/m.pdf',
    description: 'Descrição',
    manufacturer_logo: null,
    manual_type: 'user_manual',
    is_published: 1,
  };
  samples = {
    'POST /api/sessions': { body: { code: 'codigo-de-autorizacao', state: 'estado' } },
    'POST /api/auth/register': { body: { name: 'Fulano', email: `novo-${tag}@example.com`, password: 'segredo123' } },
    'POST /api/auth/signin': { body: { email: p.email, password: 'senha-errada' } },
    'PUT /api/users/profile': { body: { name: 'Power', email: p.email } },
    'PUT /api/users/password': { body: { currentPassword: 'senha-errada', newPassword: 'novasenha123' } },
    'POST /api/auth/password-reset': { body: { email: `ninguem-${tag}@example.com` } },
    'POST /api/auth/password-reset/confirm': { body: { token: 'A'.repeat(43), password: 'novasenha123' } },
    'POST /api/auth/password-reset/check': { body: { token: 'A'.repeat(43) } },
    'POST /api/auth/verify-email': { body: { token: 'A'.repeat(43) } },
    'POST /api/users/me/verification-email': { body: {} },
    'POST /api/admin/auth/login': { body: { username: 'ninguem', password: 'senha-errada' } },
    'POST /api/users/session/heartbeat': { body: { activity: 'video', visible: true } },
    'GET /api/contents/:id': { params: { id: f.content } },
    'GET /api/courses/:id': { params: { id: f.course } },
    'GET /api/contents/:id/preview': { params: { id: f.content } },
    'GET /api/courses/:id/preview': { params: { id: f.course } },
    'GET /api/courses/:id/lessons': { params: { id: f.course } },
    'GET /api/courses/:id/progress': { params: { id: f.course } },
    'POST /api/courses/:id/lessons/:lessonId/progress': { params: { id: f.course, lessonId: f.lesson1 }, body: {} },
    'PUT /api/courses/:id/lessons/:lessonId/position': { params: { id: f.course, lessonId: f.lesson1 }, body: { position: 12.5, duration: 60, watched: [[0, 12.5]] } },
    'GET /api/contents/:id/position': { params: { id: f.content } },
    'PUT /api/contents/:id/position': { params: { id: f.content }, body: { position: 12.5, duration: 60, watched: [[0, 12.5]] } },
    'POST /api/manuals/:id/download': { params: { id: f.manual }, body: {} },
    'GET /api/manuals/:id/pages': { params: { id: f.manual } },
    'PUT /api/admin/users/:id': { params: { id: f.victim }, body: { name: 'Vítima', subscription_status: 'inactive', subscription_plan: null, is_admin: false } },
    'DELETE /api/admin/users/:id': { params: { id: 'email_999999' } },
    'POST /api/admin/contents': { body: contentBody },
    'PUT /api/admin/contents/:id': { params: { id: f.content }, body: contentBody },
    'DELETE /api/admin/contents/:id': { params: { id: 999999 } },
    'PATCH /api/admin/contents/:id/toggle-published': { params: { id: f.content }, body: { is_published: 1 } },
    'POST /api/admin/categories': { body: { name: 'Categoria de teste', slug: 'categoria-de-teste', description: 'Descrição' } },
    'PUT /api/admin/categories/:id': { params: { id: f.category }, body: { name: 'Categoria editada', slug: `categoria-${tag}`, description: 'Descrição' } },
    'DELETE /api/admin/categories/:id': { params: { id: 999999 } },
    'POST /api/admin/course-categories': { body: { name: 'Cursos de teste', slug: 'cursos-de-teste', description: 'Descrição', cover_image_url: 'https://example.com/c.png' } },
    'PUT /api/admin/course-categories/:id': { params: { id: f.courseCategory }, body: { name: 'Cursos editados', description: 'Descrição' } },
    'DELETE /api/admin/course-categories/:id': { params: { id: 999999 } },
    'POST /api/admin/courses': { body: courseBody },
    'PUT /api/admin/courses/:id': { params: { id: f.course }, body: courseBody },
    'DELETE /api/admin/courses/:id': { params: { id: 999999 } },
    'PATCH /api/admin/courses/:id/toggle-published': { params: { id: f.course }, body: { is_published: 1 } },
    'GET /api/admin/courses/:id': { params: { id: f.course } },
    'GET /api/admin/courses/:id/lessons': { params: { id: f.course } },
    'POST /api/admin/courses/:id/lessons': { params: { id: f.course }, body: lessonBody },
    'PUT /api/admin/courses/:id/lessons/order': { params: { id: f.course }, body: { lesson_ids: [f.lesson2, f.lesson1] } },
    'PUT /api/admin/lessons/:id': { params: { id: f.lesson1 }, body: lessonBody },
    'DELETE /api/admin/lessons/:id': { params: { id: 999999 } },
    'POST /api/admin/manuals': { body: manualBody },
    'PUT /api/admin/manuals/:id': { params: { id: f.manual }, body: { title: 'Manual editado', description: 'Descrição', manual_type: 'service_manual', file_url: 'https://example.com/m2.pdf', is_published: 1 } },
    'DELETE /api/admin/manuals/:id': { params: { id: 999999 } },
    'POST /api/admin/administrators': { body: { username: `admin-${tag}`, password: 'segredo123' } },
    'PUT /api/admin/administrators/:id': { params: { id: f.victimAdmin }, body: { username: `vitima-${tag}`, password: '' } },
    'DELETE /api/admin/administrators/:id': { params: { id: 999999 } },
    'GET /api/files/videos/:name': { params: { name: 'nao-existe.mp4' } },
    'GET /api/files/manuals/:name': { params: { name: 'nao-existe.pdf' } },
    // video for the field (issue 28): names nobody uploaded, so every shape of input answers 404 or 400
    'GET /api/files/videos/:name/:file': { params: { name: '0123456789abcdef0123456789abcdef.mp4', file: 'master.m3u8' } },
    'GET /api/videos/:name/streams': { params: { name: '0123456789abcdef0123456789abcdef.mp4' } },
    'PUT /api/admin/videos/:name/captions': { params: { name: '0123456789abcdef0123456789abcdef.mp4' }, body: { vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nOlá\n' } },
    // certificate codes nobody holds: every shape of input answers 404 or 400, never touches a row
    'GET /api/certificates/:code/pdf': { params: { code: 'NAOEXISTE234' } },
    'GET /api/public/certificates/:code': { params: { code: 'NAOEXISTE234' } },
    'GET /api/admin/certificates/:code/pdf': { params: { code: 'NAOEXISTE234' } },
    'POST /api/admin/certificates/:code/revoke': { params: { code: 'NAOEXISTE234' }, body: { reason: 'Conclusão registrada por engano' } },
    // lesson quizzes and the final assessment (issue 27)
    'GET /api/courses/:id/lessons/:lessonId/quiz': { params: { id: f.course, lessonId: f.lesson1 } },
    'POST /api/courses/:id/lessons/:lessonId/quiz/attempts': { params: { id: f.course, lessonId: f.lesson1 }, body: { answers: [{ question_id: f.question, option_ids: [1] }] } },
    'GET /api/courses/:id/assessment': { params: { id: f.course } },
    'POST /api/courses/:id/assessment/attempts': { params: { id: f.course }, body: {} },
    'POST /api/courses/:id/assessment/attempts/:attemptId/submit': { params: { id: f.course, attemptId: 999999 }, body: { answers: [{ question_id: f.poolQuestion, option_ids: [1] }] } },
    'GET /api/admin/lessons/:id/quiz': { params: { id: f.lesson1 } },
    'POST /api/admin/lessons/:id/quiz/questions': { params: { id: f.lesson1 }, body: questionBody },
    'PUT /api/admin/lessons/:id/quiz/order': { params: { id: f.lesson1 }, body: { question_ids: [f.question] } },
    'GET /api/admin/lessons/:id/quiz/stats': { params: { id: f.lesson1 } },
    'GET /api/admin/courses/:id/assessment': { params: { id: f.course } },
    'PUT /api/admin/courses/:id/assessment': { params: { id: f.course }, body: { questions_per_attempt: 1, passing_score: 70, attempts_per_day: 20, time_limit_minutes: null } },
    'DELETE /api/admin/courses/:id/assessment': { params: { id: 999999 } },
    'POST /api/admin/courses/:id/assessment/questions': { params: { id: f.course }, body: questionBody },
    'PUT /api/admin/courses/:id/assessment/order': { params: { id: f.course }, body: { question_ids: [f.poolQuestion] } },
    'GET /api/admin/courses/:id/assessment/stats': { params: { id: f.course } },
    'PUT /api/admin/quiz-questions/:id': { params: { id: f.question }, body: questionBody },
    'DELETE /api/admin/quiz-questions/:id': { params: { id: 999999 } },
    'GET /api/files/quiz-images/:name': { params: { name: `${'0'.repeat(32)}.png` } },
    // 'Dúvidas' under each lesson (issue 27); deletions name ids nobody has, so the fixtures stay
    'GET /api/courses/:id/lessons/:lessonId/questions': { params: { id: f.course, lessonId: f.lesson1 } },
    'POST /api/courses/:id/lessons/:lessonId/questions': { params: { id: f.course, lessonId: f.lesson1 }, body: { body: 'Dúvida de teste sobre a aula' } },
    'PATCH /api/lesson-questions/:id': { params: { id: f.lessonQuestion }, body: { body: 'Dúvida editada' } },
    'DELETE /api/lesson-questions/:id': { params: { id: 999999 } },
    'GET /api/lesson-questions/:id/photo': { params: { id: f.lessonQuestion } },
    'POST /api/lesson-questions/:id/replies': { params: { id: f.lessonQuestion }, body: { body: 'Resposta de teste' } },
    'POST /api/lesson-questions/:id/accept': { params: { id: f.lessonQuestion }, body: { reply_id: f.lessonReply } },
    'PATCH /api/lesson-question-replies/:id': { params: { id: f.lessonReply }, body: { body: 'Resposta editada' } },
    'DELETE /api/lesson-question-replies/:id': { params: { id: 999999 } },
    'GET /api/admin/lesson-questions/:id/photo': { params: { id: f.lessonQuestion } },
    'POST /api/admin/lesson-questions/:id/replies': { params: { id: f.lessonQuestion }, body: { body: 'Resposta do instrutor de teste' } },
    'POST /api/admin/lesson-questions/:id/accept': { params: { id: f.lessonQuestion }, body: { reply_id: f.lessonReply } },
    'POST /api/admin/lesson-questions/:id/hide': { params: { id: f.lessonQuestion }, body: {} },
    'POST /api/admin/lesson-questions/:id/show': { params: { id: f.lessonQuestion }, body: {} },
    'DELETE /api/admin/lesson-questions/:id': { params: { id: 999999 } },
    'POST /api/admin/lesson-question-replies/:id/hide': { params: { id: f.lessonReply }, body: {} },
    'POST /api/admin/lesson-question-replies/:id/show': { params: { id: f.lessonReply }, body: {} },
    'DELETE /api/admin/lesson-question-replies/:id': { params: { id: 999999 } },
    'POST /api/billing/checkout': { body: { plan: 'monthly' }, caller: () => billingUser },
    'POST /api/billing/portal': { body: {}, caller: () => billingUser },
    'POST /api/billing/webhook': { body: webhookEvent(), signed: true },
    'GET /api/billing/sandbox/checkout/:id': { params: { id: f.checkout }, caller: () => billingUser },
    'POST /api/billing/sandbox/checkout/:id/complete': {
      params: { id: f.checkout },
      body: { card_number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123', name: 'Cartão Recusado' },
      caller: () => billingUser,
    },
    'GET /api/billing/sandbox/portal/:id': { params: { id: 'bps_sandbox_000000000000000000000000' }, caller: () => billingUser },
    'POST /api/billing/sandbox/portal/:id/:action': { params: { id: 'bps_sandbox_000000000000000000000000', action: 'cancel' }, caller: () => billingUser },
    'GET /api/billing/receipts/:number/pdf': { params: { number: 'CP-99999999' }, caller: () => billingUser },
    'GET /api/billing/sandbox/charge/:id': { params: { id: 'pi_sandbox_000000000000000000000000' }, caller: () => billingUser },
    'GET /api/billing/sandbox/charge/:id/boleto.pdf': { params: { id: 'pi_sandbox_000000000000000000000000' }, caller: () => billingUser },
    'POST /api/billing/sandbox/charge/:id/:action': { params: { id: 'pi_sandbox_000000000000000000000000', action: 'pay' }, caller: () => billingUser },
    'GET /api/admin/billing/users/:id/payments': { params: { id: 'email_999999' } },
    'PUT /api/admin/billing/plans/:plan': { params: { plan: 'annual' }, body: { pix_price_cents: null } },
  };
});

afterAll(async () => {
  process.stdout.write(
    `[bad-input] ${tally.requests} hostile requests on ${tally.routes.size} routes: ${tally.refused} refused, ${tally.accepted} accepted as valid data; ` +
      `${tally.problems} problems (5xx, leaked internals, non-JSON refusal, write by a refused request)\n`,
  );
  await t?.stop();
});

/** A provider event for a customer nobody has: valid shape, so the mutations reach the event reader. */
function webhookEvent(): Record<string, unknown> {
  const sub = subscription({ id: rid('sub'), customer: rid('cus'), userId: 'email_999999', periodEnd: nowUnix() + 30 * 86_400 });
  return event('customer.subscription.updated', sub) as Record<string, unknown>;
}

const countQueries = new Map<string, string>();

/**
 * The manuals worker reads the text of a PDF an accepted request stored (pages and codes) in the background:
 * counting waits until no manual's text is pending, so what it writes lands before the counts, not between
 * them. A refused request that queued a reading would still show, as the pages it adds after the wait.
 */
async function manualsTextSettled(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [row] = await t.sql<{ n: string }>(
      `SELECT count(*) AS n FROM manuals.manuals WHERE (text_status = 'pending' OR text_status IS NULL) AND file_url LIKE $1`,
      [`${MANUAL_FILE_PREFIX}%`],
    );
    if (row!.n === '0') return;
    if (Date.now() > deadline) throw new Error(`manuals: ${row!.n} manual(s) still pending text after 120 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Rows of every table of one service's schema, and the stored files. Left out: the outbox (the relay empties
 * it on its own) and the audit log, which records the suite's own accepted admin calls and its refused
 * admin sign-ins in the background, by design.
 */
async function counts(schema: string | null): Promise<string> {
  if (schema === 'manuals') await manualsTextSettled();
  const files = `files=${countFiles(t.env.STORAGE_DIR)}`;
  if (!schema) return files;
  let q = countQueries.get(schema);
  if (!q) {
    const tables = await t.sql<{ n: string }>(
      `SELECT table_name AS n FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name NOT IN ('outbox', 'migrations', 'audit_log') ORDER BY 1`,
      [schema],
    );
    q = `SELECT concat_ws(',', ${tables.map((x) => `(SELECT '${x.n}=' || count(*) FROM "${schema}"."${x.n}")`).join(', ')}) AS c`;
    countQueries.set(schema, q);
  }
  const [row] = await t.sql<{ c: string }>(q);
  return `${row!.c};${files}`;
}

/**
 * The counts taken after the last probe, when it was refused: the requests are sent one at a time, so they
 * are also the counts before the next probe on the same schema (taken again after any accepted request).
 */
let lastRefused: { schema: string | null; counts: string } | null = null;

/**
 * Sends one request and checks the answer; for a refusal, that nothing was written. Ranking's tables are
 * fed by its worker in the background, so for its routes only the storage folder is compared.
 */
async function probe(problems: string[], r: Route, label: string, path: string, init: { cookie?: string; body?: unknown; headers?: Record<string, string> }) {
  const schema = r.service === 'ranking' ? null : r.service;
  const before = lastRefused && lastRefused.schema === schema ? lastRefused.counts : await counts(schema);
  lastRefused = null;
  let res: Answer;
  try {
    res = await call(t.base, r.method, path, { cookie: init.cookie ?? power, body: init.body, headers: init.headers, timeoutMs: 30_000 });
  } catch (err) {
    problems.push(`${key(r)} [${label}]: sem resposta (${(err as Error).message})`);
    return;
  }
  tally.requests++;
  tally.routes.add(key(r));
  const where = `${key(r)} [${label}] ${path.length > 90 ? `${path.slice(0, 90)}…` : path}`;
  const off = res.status === 503 && FEATURE_OFF[key(r)] !== undefined && res.json.error === FEATURE_OFF[key(r)];
  if (res.status >= 500 && !off) problems.push(`${where}: ${res.status} ${res.text.slice(0, 160)}`);
  for (const [re, what] of LEAKS) if (re.test(res.text)) problems.push(`${where}: ${what} na resposta: ${res.text.slice(0, 200)}`);
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  const html = (res.headers.get('content-type') ?? '').includes('text/html');
  // the API (services and the gateway's API answers, all carrying X-Request-Id) refuses in JSON; the billing
  // sandbox's hosted pages in HTML; a path that normalized out of /api/ (traversal) reaches the web app's static files
  const api = res.headers.has('x-request-id');
  const sandboxPage = r.path.startsWith('/api/billing/sandbox/') && html && res.headers.get('x-service') === 'billing';
  if (res.status >= 400 && api && !sandboxPage && (!isJson || typeof res.json.error !== 'string')) {
    problems.push(`${where}: recusa ${res.status} sem { error } JSON (${res.headers.get('content-type')}): ${res.text.slice(0, 100)}`);
  }
  if (!api && ![404, 405].includes(res.status) && res.status < 300 === false) problems.push(`${where}: resposta ${res.status} fora da API: ${res.text.slice(0, 100)}`);
  if (res.status >= 400) {
    tally.refused++;
    const after = await counts(schema);
    if (after !== before) problems.push(`${where}: recusado (${res.status}) mas gravou: ${before} → ${after}`);
    lastRefused = { schema, counts: after };
  } else tally.accepted++;
}

function pathOf(r: Route, override: Record<string, string | number> = {}): string {
  const s = samples[key(r)];
  return fillPath(r.path, { id: 999999, lessonId: 999999, name: 'nao-existe.mp4', action: 'cancel', ...s?.params, ...override });
}

function signedHeaders(r: Route, body: string): Record<string, string> {
  return samples[key(r)]?.signed ? { 'stripe-signature': sign(body, WEBHOOK_SECRET) } : {};
}

const inputRoutes = () => ROUTES.filter((r) => !NO_INPUT.has(key(r)) && !UPLOADS.has(key(r)));

describe('bad input on every route that takes input', () => {
  it('has a valid sample for every route with a body or a placeholder', () => {
    const missing = inputRoutes()
      .filter((r) => hasBody(r) || r.path.includes(':'))
      .filter((r) => !samples[key(r)])
      .map(key);
    expect(missing).toEqual([]);
  });

  it('refuses malformed and foreign bodies cleanly', async () => {
    const problems: string[] = [];
    for (const r of inputRoutes().filter(hasBody)) {
      const s = samples[key(r)];
      for (const raw of RAW_BODIES) {
        const text = typeof raw.body === 'string' ? raw.body : raw.body.toString('latin1');
        await probe(problems, r, raw.label, pathOf(r), {
          cookie: s?.caller?.(),
          body: raw.body,
          headers: { 'content-type': raw.contentType ?? 'application/json', ...raw.headers, ...signedHeaders(r, text) },
        });
      }
      // larger than the gateway allows for this route (1 MB unless the table says otherwise)
      await probe(problems, r, 'oversize (2 MB)', pathOf(r), { cookie: s?.caller?.(), body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }) });
    }
    tally.problems += problems.length;
    expect(problems).toEqual([]);
  });

  it('survives every field of a valid body replaced by hostile values, and extra fields', async () => {
    const problems: string[] = [];
    for (const r of inputRoutes().filter(hasBody)) {
      const s = samples[key(r)];
      const fields = Object.keys(s?.body ?? {});
      const variants: [string, Record<string, unknown>][] = [];
      for (const field of fields.length ? fields : ['x']) {
        for (const v of FIELD_VALUES) variants.push([`${field}=${JSON.stringify(v)?.slice(0, 24)}`, { ...s?.body, [field]: v }]);
        variants.push([`${field} missing`, Object.fromEntries(Object.entries(s?.body ?? {}).filter(([k]) => k !== field))]);
      }
      variants.push(['extra fields', { ...s?.body, id: 1, is_admin: true, user_id: 'email_1', created_at: 'ontem', __proto__: { x: 1 } }]);
      for (const [label, body] of variants) {
        const text = JSON.stringify(body);
        await probe(problems, r, label, pathOf(r), { cookie: s?.caller?.(), body: text, headers: { 'content-type': 'application/json', ...signedHeaders(r, text) } });
      }
    }
    tally.problems += problems.length;
    expect(problems).toEqual([]);
  });

  it('survives hostile path placeholders (ids, names, traversal)', async () => {
    const problems: string[] = [];
    for (const r of inputRoutes().filter((x) => x.path.includes(':'))) {
      const s = samples[key(r)];
      const names = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      for (const name of names) {
        for (const v of PATH_VALUES) {
          await probe(problems, r, `:${name}=${v.slice(0, 24)}`, pathOf(r, { [name]: v }), { cookie: s?.caller?.(), body: hasBody(r) ? s?.body : undefined });
        }
      }
    }
    tally.problems += problems.length;
    expect(problems).toEqual([]);
  });

  it('survives hostile query strings on every GET route', async () => {
    const problems: string[] = [];
    for (const r of inputRoutes().filter((x) => x.method === 'GET')) {
      const s = samples[key(r)];
      const base = pathOf(r);
      // every value on the parameters most routes read; the sharpest few on every other name
      for (const name of QUERY_NAMES) {
        const values = name === 'search' || name === 'category' ? QUERY_VALUES : QUERY_VALUES.filter((_, i) => i % 3 === 0);
        for (const v of values) await probe(problems, r, `?${name}=${v.slice(0, 24)}`, `${base}?${name}=${v}`, { cookie: s?.caller?.() });
      }
      for (const shape of QUERY_SHAPES('search')) await probe(problems, r, `?${shape}`, `${base}?${shape}`, { cookie: s?.caller?.() });
    }
    tally.problems += problems.length;
    expect(problems).toEqual([]);
  });

  it('refuses uploads that are not what they claim, and writes no file for them', async () => {
    const problems: string[] = [];
    const boundary = '----clima' + randomBytes(8).toString('hex');
    const part = (filename: string, type: string, content: Buffer | string, field = 'file') =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
        Buffer.isBuffer(content) ? content : Buffer.from(content),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    for (const r of ROUTES.filter((x) => UPLOADS.has(key(x)))) {
      const cases: [string, Buffer | string, Record<string, string>][] = [
        ['JSON instead of a file', '{"file": "x"}', { 'content-type': 'application/json' }],
        ['no content type', 'abc', { 'content-type': '' }],
        ['multipart without boundary', 'abc', { 'content-type': 'multipart/form-data' }],
        ['truncated multipart', part('a.mp4', 'video/mp4', 'abc').subarray(0, 60), multipart],
        ['empty file', part('vazio.mp4', 'video/mp4', ''), multipart],
        ['text claiming to be a video', part('video.mp4', 'video/mp4', 'isto não é um vídeo'), multipart],
        ['text claiming to be a PDF', part('manual.pdf', 'application/pdf', 'isto não é um pdf'), multipart],
        ['HTML with script', part('x.html', 'text/html', '<script>alert(1)</script>'), multipart],
        ['traversal in file name', part('../../../../etc/passwd', 'video/mp4', 'root:x:0:0'), multipart],
        ['encoded traversal in file name', part('..%2f..%2fetc%2fpasswd.pdf', 'application/pdf', 'x'), multipart],
        ['NUL in file name', part('a\u0000.mp4', 'video/mp4', 'x'), multipart],
        ['wrong field name', part('a.mp4', 'video/mp4', 'x', 'outro'), multipart],
        ['2 MB of noise', part('ruido.mp4', 'video/mp4', randomBytes(2 * 1024 * 1024)), multipart],
        ['ELF binary as PDF', part('manual.pdf', 'application/pdf', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(2048)])), multipart],
      ];
      for (const [label, body, headers] of cases) {
        // counted again before each upload, as the suite always did (an upload's connection is never reused: the
        // gateway closes it after the answer, Connection: close, since a refusal can come before the whole body)
        lastRefused = null;
        await probe(problems, r, label, r.path, { body, headers });
      }
    }
    tally.problems += problems.length;
    expect(problems).toEqual([]);
  });
});
