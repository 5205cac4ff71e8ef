/**
 * The administrators' audit log, walked from the gateway's route table: every administration route that
 * changes something is called through the real nginx by a real administrator, with a request that
 * succeeds on real rows, and its audit row must appear (stored by the auth service from the `audit`
 * queue) with the administrator, the action, the entity, the record and — for edits and deletions —
 * the record before and after; no password ever. A route added to the table without a way to call it
 * here fails the suite. Then: sign-ins, the database refusing UPDATE and DELETE, and retention.
 */
import { AUDIT_QUEUE, type AuditRecord, bullConnection } from '@clima/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { fillPath, Route, ROUTES } from '../../gateway/src/routes';
import { mp4Bytes, pdfBytes } from '../../packages/storage/src/testing/fixtures';
import { Answer, cookieOf, eventually, startTestPlatform, TestPlatform, uniqueId } from './support/platform';
import { registerUser } from './support/roles';

jest.setTimeout(600_000);

type AuditRow = Omit<AuditRecord, 'occurred_at'>;

type Json = Record<string, unknown>;

/** How one route is called with a request that succeeds, and what its audit row must say. */
interface Scenario {
  /** Creates what the call acts on; gives the path's values and the body (JSON or a multipart form). */
  prepare(): Promise<{ params?: Record<string, string | number>; body?: unknown; form?: FormData; passwords?: string[] }>;
  entity: string;
  action: string;
  /** The record id the row must name (from the prepared values or the answer). */
  recordId(params: Record<string, string | number>, answer: Json): string;
  /** Fields the row's `before` must hold (edits and deletions). */
  before?: Json;
  /** Fields the row's `after` must hold (creations and edits). */
  after?: Json;
}

const key = (r: Route) => `${r.method} ${r.path}`;
const MUTATING_ADMIN = ROUTES.filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'GET' && r.access === 'admin');

let t: TestPlatform;
let admin: { cookie: string; id: string; username: string };

/** Calls the gateway as the administrator; fails on anything but a 2xx. */
async function asAdmin(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await t.call(method, path, { cookie: admin.cookie, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 200)}`);
  return res;
}

/** Multipart upload through the gateway (the streamed upload routes). */
async function upload(path: string, form: FormData): Promise<Answer> {
  const res = await fetch(`${t.base}${path}`, { method: 'POST', headers: { cookie: admin.cookie }, body: form, redirect: 'manual' });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, json, ms: 0 };
}

const n = () => uniqueId();
const make = {
  content: async (extra: Json = {}) => Number((await asAdmin('POST', '/api/admin/contents', { title: `Conteúdo ${n()}`, is_published: 0, ...extra })).json.id),
  category: async () => Number((await asAdmin('POST', '/api/admin/categories', { name: `Categoria ${n()}` })).json.id),
  courseCategory: async () => Number((await asAdmin('POST', '/api/admin/course-categories', { name: `Trilha ${n()}` })).json.id),
  course: async () => Number((await asAdmin('POST', '/api/admin/courses', { title: `Curso ${n()}`, is_published: 0 })).json.id),
  lesson: async (courseId: number, title = `Aula ${n()}`) => Number((await asAdmin('POST', `/api/admin/courses/${courseId}/lessons`, { title })).json.id),
  manual: async () =>
    Number(
      (
        await asAdmin('POST', '/api/admin/manuals', {
          title: `Manual ${n()}`,
          manufacturer_name: `Fabricante ${n()}`,
          model_name: 'Modelo X',
          file_url: 'https://fabricante.example.com/manual.pdf',
        })
      ).json.id,
    ),
  /** A subscriber's question under a lesson of a new published course ('Dúvidas'), and a reply of theirs to it. */
  lessonQuestion: async () => {
    const u = await registerUser(t, 'audit-lq');
    await asAdmin('PUT', `/api/admin/users/${u.userId}`, { subscription_status: 'active', subscription_plan: 'monthly' });
    const courseId = Number((await asAdmin('POST', '/api/admin/courses', { title: `Curso ${n()}`, is_published: 1 })).json.id);
    const lessonId = Number((await asAdmin('POST', `/api/admin/courses/${courseId}/lessons`, { title: `Aula ${n()}` })).json.id);
    const asked = await t.call('POST', `/api/courses/${courseId}/lessons/${lessonId}/questions`, { cookie: u.cookie, body: { body: 'Qual o vácuo ideal em mícrons?' } });
    if (asked.status !== 201) throw new Error(`dúvida: ${asked.status} ${asked.text}`);
    const id = Number(asked.json.id);
    const replied = await t.call('POST', `/api/lesson-questions/${id}/replies`, { cookie: u.cookie, body: { body: 'Abaixo de 500 mícrons, pelo que li.' } });
    if (replied.status !== 201) throw new Error(`resposta: ${replied.status} ${replied.text}`);
    return { id, reply: Number(replied.json.id) };
  },
  administrator: async (password: string) => Number((await asAdmin('POST', '/api/admin/administrators', { username: `adm-${n()}`, password })).json.id),
  /** A subscriber who watched the one lesson of a new course, and the certificate that completion issued. */
  certificate: async () => {
    const u = await registerUser(t, 'audit-cert');
    await asAdmin('PUT', `/api/admin/users/${u.userId}`, { subscription_status: 'active', subscription_plan: 'monthly' });
    const title = `Curso certificado ${n()}`;
    const courseId = Number((await asAdmin('POST', '/api/admin/courses', { title, is_published: 1 })).json.id);
    const lessonId = Number((await asAdmin('POST', `/api/admin/courses/${courseId}/lessons`, { title: 'Aula única', duration_seconds: 60 })).json.id);
    // watched as a player would: a first report, then (as if its minute had passed since) the whole lesson
    const position = `/api/courses/${courseId}/lessons/${lessonId}/position`;
    const started = await t.call('PUT', position, { cookie: u.cookie, body: { position: 0, duration: 60, watched: [] } });
    if (started.status !== 200) throw new Error(`aula iniciada: ${started.status} ${started.text}`);
    await t.sql(`UPDATE courses.lesson_watch SET created_at = now() - interval '60 seconds' WHERE user_id = $1 AND lesson_id = $2`, [u.userId, lessonId]);
    const watched = await t.call('PUT', position, { cookie: u.cookie, body: { position: 60, duration: 60, watched: [[0, 60]] } });
    if (watched.status !== 200) throw new Error(`aula assistida: ${watched.status} ${watched.text}`);
    const code = await eventually(async () => {
      const mine = (await t.call('GET', '/api/certificates', { cookie: u.cookie })).json as unknown as { code: string; course_id: number }[];
      const found = mine.find((c) => c.course_id === courseId);
      if (!found) throw new Error('certificado ainda não emitido');
      return found.code;
    }, 30_000);
    return { code, title, user: u };
  },
};

const formWith = (field: string, bytes: Buffer, filename: string, type: string) => {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), filename);
  return form;
};

const answerId = (_: unknown, a: Json) => String(a.id);
/** A quiz question body the editor would send. */
const QUESTION = { kind: 'single', prompt: 'Qual o superaquecimento?', explanation: '12 − 5 = 7 K', options: [{ text: '7 K', correct: true }, { text: '17 K', correct: false }] };
const paramId = (p: Record<string, string | number>) => String(p.id);
const fileName = (_: unknown, a: Json) => String(a.url).split('/').pop()!;

/** One way to call each mutating administration route of the table. */
const SCENARIOS: Record<string, Scenario> = {
  'PUT /api/admin/users/:id': {
    async prepare() {
      const u = await registerUser(t, 'audit-edit');
      return {
        params: { id: u.userId },
        body: { subscription_status: 'active', subscription_plan: 'monthly', subscription_expires_at: '2031-01-01T00:00:00.000Z' },
        passwords: [u.password],
      };
    },
    entity: 'users',
    action: 'update',
    recordId: paramId,
    before: { subscription_status: 'inactive', subscription_plan: null },
    after: { subscription_status: 'active', subscription_plan: 'monthly' },
  },
  'DELETE /api/admin/users/:id': {
    async prepare() {
      const u = await registerUser(t, 'audit-delete');
      return { params: { id: u.userId }, passwords: [u.password] };
    },
    entity: 'users',
    action: 'delete',
    recordId: paramId,
    before: { subscription_status: 'inactive' },
  },
  'POST /api/admin/contents': {
    prepare: async () => ({ body: { title: 'Carga de gás R-410A', is_published: 0 } }),
    entity: 'contents',
    action: 'create',
    recordId: answerId,
    after: { title: 'Carga de gás R-410A', is_published: 0 },
  },
  'PUT /api/admin/contents/:id': {
    prepare: async () => ({ params: { id: await make.content({ title: 'Título antigo' }) }, body: { title: 'Título novo' } }),
    entity: 'contents',
    action: 'update',
    recordId: paramId,
    before: { title: 'Título antigo' },
    after: { title: 'Título novo' },
  },
  'DELETE /api/admin/contents/:id': {
    prepare: async () => ({ params: { id: await make.content({ title: 'Vai sair' }) } }),
    entity: 'contents',
    action: 'delete',
    recordId: paramId,
    before: { title: 'Vai sair' },
  },
  'PUT /api/admin/billing/plans/:plan': {
    prepare: async () => ({ params: { plan: 'annual' }, body: { pix_price_cents: 17_910 } }),
    entity: 'plans',
    action: 'update',
    recordId: (p) => String(p.plan),
    before: { plan: 'annual' },
  },
  'PATCH /api/admin/contents/:id/toggle-published': {
    prepare: async () => ({ params: { id: await make.content({ is_published: 0 }) }, body: { is_published: 1 } }),
    entity: 'contents',
    action: 'update',
    recordId: paramId,
    before: { is_published: 0 },
    after: { is_published: 1 },
  },
  'POST /api/admin/categories': {
    prepare: async () => ({ body: { name: `Inverter ${n()}`, slug: `inverter-${Date.now()}` } }),
    entity: 'categories',
    action: 'create',
    recordId: answerId,
  },
  'PUT /api/admin/categories/:id': {
    prepare: async () => ({ params: { id: await make.category() }, body: { name: 'Nome novo da categoria', slug: `nova-${Date.now()}` } }),
    entity: 'categories',
    action: 'update',
    recordId: paramId,
    after: { name: 'Nome novo da categoria' },
  },
  'DELETE /api/admin/categories/:id': {
    prepare: async () => ({ params: { id: await make.category() } }),
    entity: 'categories',
    action: 'delete',
    recordId: paramId,
  },
  'POST /api/admin/course-categories': {
    prepare: async () => ({ body: { name: `Refrigeração ${n()}` } }),
    entity: 'course-categories',
    action: 'create',
    recordId: answerId,
  },
  'PUT /api/admin/course-categories/:id': {
    prepare: async () => ({ params: { id: await make.courseCategory() }, body: { description: 'Descrição nova' } }),
    entity: 'course-categories',
    action: 'update',
    recordId: paramId,
    before: { description: null },
    after: { description: 'Descrição nova' },
  },
  'DELETE /api/admin/course-categories/:id': {
    prepare: async () => ({ params: { id: await make.courseCategory() } }),
    entity: 'course-categories',
    action: 'delete',
    recordId: paramId,
  },
  'POST /api/admin/courses': {
    prepare: async () => ({ body: { title: 'Curso de brasagem', is_published: 0 } }),
    entity: 'courses',
    action: 'create',
    recordId: answerId,
    after: { title: 'Curso de brasagem' },
  },
  'PUT /api/admin/courses/:id': {
    prepare: async () => ({ params: { id: await make.course() }, body: { title: 'Curso renomeado' } }),
    entity: 'courses',
    action: 'update',
    recordId: paramId,
    after: { title: 'Curso renomeado' },
  },
  'DELETE /api/admin/courses/:id': {
    prepare: async () => ({ params: { id: await make.course() } }),
    entity: 'courses',
    action: 'delete',
    recordId: paramId,
  },
  'PATCH /api/admin/courses/:id/toggle-published': {
    prepare: async () => ({ params: { id: await make.course() }, body: { is_published: 1 } }),
    entity: 'courses',
    action: 'update',
    recordId: paramId,
    before: { is_published: 0 },
    after: { is_published: 1 },
  },
  'POST /api/admin/upload-video': {
    prepare: async () => ({ form: formWith('video', mp4Bytes(4096), 'aula.mp4', 'video/mp4') }),
    entity: 'videos',
    action: 'upload',
    recordId: fileName,
  },
  // 'Legendas (pt-BR)' of an uploaded video (issue 28)
  'PUT /api/admin/videos/:name/captions': {
    async prepare() {
      const up = await upload('/api/admin/upload-video', formWith('video', mp4Bytes(4096), 'aula.mp4', 'video/mp4'));
      return { params: { name: String(up.json.url).split('/').pop()! }, body: { vtt: 'WEBVTT\n\n00:00.000 --> 00:02.000\nBoa tarde\n' } };
    },
    entity: 'videos',
    action: 'captions',
    recordId: (p) => String(p.name),
    after: { captions: true },
  },
  'POST /api/admin/manuals': {
    prepare: async () => ({
      body: { title: 'Manual do split', manufacturer_name: `Fab ${n()}`, model_name: 'M1', file_url: 'https://fabricante.example.com/split.pdf' },
    }),
    entity: 'manuals',
    action: 'create',
    recordId: answerId,
    after: { title: 'Manual do split' },
  },
  'PUT /api/admin/manuals/:id': {
    prepare: async () => ({ params: { id: await make.manual() }, body: { title: 'Manual revisado' } }),
    entity: 'manuals',
    action: 'update',
    recordId: paramId,
    after: { title: 'Manual revisado' },
  },
  'DELETE /api/admin/manuals/:id': {
    prepare: async () => ({ params: { id: await make.manual() } }),
    entity: 'manuals',
    action: 'delete',
    recordId: paramId,
  },
  'POST /api/admin/administrators': {
    prepare: async () => ({ body: { username: `adm-${n()}`, password: 'senha-do-novo-1' }, passwords: ['senha-do-novo-1'] }),
    entity: 'administrators',
    action: 'create',
    recordId: answerId,
    after: { password: '[oculto]' },
  },
  'PUT /api/admin/administrators/:id': {
    async prepare() {
      const id = await make.administrator('senha-velha-1');
      return { params: { id }, body: { username: `renomeado-${n()}`, password: 'senha-nova-2' }, passwords: ['senha-velha-1', 'senha-nova-2'] };
    },
    entity: 'administrators',
    action: 'update',
    recordId: paramId,
    after: { password: '[oculto]' },
  },
  'DELETE /api/admin/administrators/:id': {
    prepare: async () => ({ params: { id: await make.administrator('senha-a-sair-1') }, passwords: ['senha-a-sair-1'] }),
    entity: 'administrators',
    action: 'delete',
    recordId: paramId,
  },
  'POST /api/admin/courses/:id/lessons': {
    prepare: async () => ({ params: { id: await make.course() }, body: { title: 'Aula de vácuo' } }),
    entity: 'lessons',
    action: 'create',
    recordId: answerId,
    after: { title: 'Aula de vácuo' },
  },
  'PUT /api/admin/courses/:id/lessons/order': {
    async prepare() {
      const id = await make.course();
      const a = await make.lesson(id, 'Primeira');
      const b = await make.lesson(id, 'Segunda');
      return { params: { id }, body: { lesson_ids: [b, a] } };
    },
    entity: 'courses',
    action: 'reorder',
    recordId: paramId,
  },
  'PUT /api/admin/lessons/:id': {
    prepare: async () => ({ params: { id: await make.lesson(await make.course(), 'Aula antiga') }, body: { title: 'Aula nova' } }),
    entity: 'lessons',
    action: 'update',
    recordId: paramId,
    before: { title: 'Aula antiga' },
    after: { title: 'Aula nova' },
  },
  'DELETE /api/admin/lessons/:id': {
    prepare: async () => ({ params: { id: await make.lesson(await make.course(), 'Aula removida') } }),
    entity: 'lessons',
    action: 'delete',
    recordId: paramId,
    before: { title: 'Aula removida' },
  },
  'POST /api/admin/upload-manual': {
    prepare: async () => ({ form: formWith('file', pdfBytes(4096), 'manual.pdf', 'application/pdf') }),
    entity: 'manual-files',
    action: 'upload',
    recordId: fileName,
  },
  // lesson quizzes and the final assessment (issue 27)
  'POST /api/admin/lessons/:id/quiz/questions': {
    prepare: async () => ({ params: { id: await make.lesson(await make.course()) }, body: QUESTION }),
    entity: 'quiz-questions',
    action: 'create',
    recordId: answerId,
    after: { prompt: QUESTION.prompt, kind: 'single' },
  },
  'PUT /api/admin/lessons/:id/quiz/order': {
    async prepare() {
      const lesson = await make.lesson(await make.course());
      const ids = [];
      for (let i = 0; i < 2; i++) ids.push(Number((await asAdmin('POST', `/api/admin/lessons/${lesson}/quiz/questions`, QUESTION)).json.id));
      return { params: { id: lesson }, body: { question_ids: ids.reverse() } };
    },
    entity: 'quiz-questions',
    action: 'reorder',
    recordId: paramId,
  },
  'PUT /api/admin/courses/:id/assessment': {
    async prepare() {
      const course = await make.course();
      await asAdmin('PUT', `/api/admin/courses/${course}/assessment`, { questions_per_attempt: 5, passing_score: 60, attempts_per_day: 3 });
      return { params: { id: course }, body: { questions_per_attempt: 5, passing_score: 70, attempts_per_day: 3, time_limit_minutes: 20 } };
    },
    entity: 'assessments',
    action: 'update',
    recordId: paramId,
    before: { passing_score: 60, time_limit_minutes: null },
    after: { passing_score: 70, time_limit_minutes: 20 },
  },
  'DELETE /api/admin/courses/:id/assessment': {
    async prepare() {
      const course = await make.course();
      await asAdmin('PUT', `/api/admin/courses/${course}/assessment`, { questions_per_attempt: 5, passing_score: 70, attempts_per_day: 3 });
      return { params: { id: course } };
    },
    entity: 'assessments',
    action: 'delete',
    recordId: paramId,
    before: { passing_score: 70 },
  },
  'POST /api/admin/courses/:id/assessment/questions': {
    prepare: async () => ({ params: { id: await make.course() }, body: QUESTION }),
    entity: 'quiz-questions',
    action: 'create',
    recordId: answerId,
    after: { prompt: QUESTION.prompt },
  },
  'PUT /api/admin/courses/:id/assessment/order': {
    async prepare() {
      const course = await make.course();
      const ids = [];
      for (let i = 0; i < 2; i++) ids.push(Number((await asAdmin('POST', `/api/admin/courses/${course}/assessment/questions`, QUESTION)).json.id));
      return { params: { id: course }, body: { question_ids: ids.reverse() } };
    },
    entity: 'quiz-questions',
    action: 'reorder',
    recordId: paramId,
  },
  'PUT /api/admin/quiz-questions/:id': {
    async prepare() {
      const id = Number((await asAdmin('POST', `/api/admin/lessons/${await make.lesson(await make.course())}/quiz/questions`, QUESTION)).json.id);
      return { params: { id }, body: { ...QUESTION, prompt: 'Qual o subresfriamento?' } };
    },
    entity: 'quiz-questions',
    action: 'update',
    recordId: paramId,
    before: { prompt: QUESTION.prompt },
    after: { prompt: 'Qual o subresfriamento?' },
  },
  'DELETE /api/admin/quiz-questions/:id': {
    async prepare() {
      const id = Number((await asAdmin('POST', `/api/admin/lessons/${await make.lesson(await make.course())}/quiz/questions`, QUESTION)).json.id);
      return { params: { id } };
    },
    entity: 'quiz-questions',
    action: 'delete',
    recordId: paramId,
  },
  'POST /api/admin/quiz-images': {
    prepare: async () => ({ form: formWith('file', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 3)]), 'foto.png', 'image/png') }),
    entity: 'quiz-images',
    action: 'upload',
    recordId: fileName,
  },
  // 'Dúvidas' under each lesson: the instructor's answers and the moderation (issue 27)
  'POST /api/admin/lesson-questions/:id/replies': {
    prepare: async () => ({ params: { id: (await make.lessonQuestion()).id }, body: { body: 'Use o vacuômetro: abaixo de 500 mícrons.' } }),
    entity: 'lesson-questions',
    action: 'reply',
    recordId: paramId,
  },
  'POST /api/admin/lesson-questions/:id/accept': {
    async prepare() {
      const q = await make.lessonQuestion();
      return { params: { id: q.id }, body: { reply_id: q.reply } };
    },
    entity: 'lesson-questions',
    action: 'accept',
    recordId: paramId,
  },
  'POST /api/admin/lesson-questions/:id/hide': {
    prepare: async () => ({ params: { id: (await make.lessonQuestion()).id } }),
    entity: 'lesson-questions',
    action: 'hide',
    recordId: paramId,
    before: { hidden: false },
    after: { hidden: true },
  },
  'POST /api/admin/lesson-questions/:id/show': {
    async prepare() {
      const { id } = await make.lessonQuestion();
      await asAdmin('POST', `/api/admin/lesson-questions/${id}/hide`);
      return { params: { id } };
    },
    entity: 'lesson-questions',
    action: 'show',
    recordId: paramId,
    before: { hidden: true },
    after: { hidden: false },
  },
  'DELETE /api/admin/lesson-questions/:id': {
    prepare: async () => ({ params: { id: (await make.lessonQuestion()).id } }),
    entity: 'lesson-questions',
    action: 'delete',
    recordId: paramId,
    before: { body: 'Qual o vácuo ideal em mícrons?' },
  },
  'POST /api/admin/lesson-question-replies/:id/hide': {
    prepare: async () => ({ params: { id: (await make.lessonQuestion()).reply } }),
    entity: 'lesson-question-replies',
    action: 'hide',
    recordId: paramId,
  },
  'POST /api/admin/lesson-question-replies/:id/show': {
    async prepare() {
      const { reply } = await make.lessonQuestion();
      await asAdmin('POST', `/api/admin/lesson-question-replies/${reply}/hide`);
      return { params: { id: reply } };
    },
    entity: 'lesson-question-replies',
    action: 'show',
    recordId: paramId,
  },
  'DELETE /api/admin/lesson-question-replies/:id': {
    prepare: async () => ({ params: { id: (await make.lessonQuestion()).reply } }),
    entity: 'lesson-question-replies',
    action: 'delete',
    recordId: paramId,
  },
  'POST /api/admin/certificates/:code/revoke': {
    prepare: async () => ({ params: { code: (await make.certificate()).code }, body: { reason: 'Conclusão registrada por engano' } }),
    entity: 'certificates',
    action: 'revoke',
    recordId: (p) => String(p.code),
    before: { status: 'valid', revoked_at: null },
    after: { status: 'revoked', revoked_reason: 'Conclusão registrada por engano' },
  },
};

/** The audit row of one answered request (the gateway's request id), once the auth consumer stored it. */
async function rowOf(res: Answer): Promise<AuditRow> {
  const requestId = res.headers.get('x-request-id');
  if (!requestId) throw new Error('resposta sem X-Request-Id');
  return eventually(async () => {
    const [row] = await t.sql<AuditRow>(`SELECT * FROM auth.audit_log WHERE request_id = $1`, [requestId]);
    if (!row) throw new Error(`nenhuma linha de auditoria para a requisição ${requestId}`);
    return row;
  }, 30_000);
}

function secretsIn(row: AuditRow, passwords: string[]): string[] {
  const text = JSON.stringify(row);
  return [...passwords, t.admin.password].filter((p) => text.includes(p)).concat(/\$argon2/.test(text) ? ['hash argon2'] : []);
}

beforeAll(async () => {
  t = await startTestPlatform({ tag: 'audit', seed: true });
  const login = await t.call('POST', '/api/admin/auth/login', { body: t.admin });
  expect(login.status).toBe(200);
  admin = { cookie: cookieOf(login), id: String(login.json.id), username: String(login.json.username) };
});

afterAll(async () => {
  await t?.stop();
});

describe('admin audit log through the gateway', () => {
  it('has a way to call every mutating administration route of the table', () => {
    expect(MUTATING_ADMIN.length).toBeGreaterThan(20);
    expect(MUTATING_ADMIN.filter((r) => !SCENARIOS[key(r)]).map(key)).toEqual([]);
    // and nothing here for a route the table no longer has
    expect(Object.keys(SCENARIOS).filter((k) => !MUTATING_ADMIN.some((r) => key(r) === k))).toEqual([]);
  });

  it('records every mutating administration route: administrator, action, entity, record, before and after, no password', async () => {
    const wrong: string[] = [];
    for (const route of MUTATING_ADMIN) {
      const s = SCENARIOS[key(route)];
      if (!s) continue;
      const prepared = await s.prepare();
      const params = prepared.params ?? {};
      const path = fillPath(route.path, params);
      const res = prepared.form ? await upload(path, prepared.form) : await t.call(route.method, path, { cookie: admin.cookie, body: prepared.body });
      if (res.status >= 300) {
        wrong.push(`${key(route)}: a chamada falhou (${res.status} ${res.text.slice(0, 120)})`);
        continue;
      }
      const row = await rowOf(res).catch((err: Error) => err);
      if (row instanceof Error) {
        wrong.push(`${key(route)}: ${row.message}`);
        continue;
      }
      const problems: string[] = [];
      const check = (what: string, got: unknown, want: unknown) => {
        if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${what} ${JSON.stringify(got)} (esperado ${JSON.stringify(want)})`);
      };
      check('actor_id', row.actor_id, admin.id);
      check('actor_name', row.actor_name, admin.username);
      check('action', row.action, s.action);
      check('entity', row.entity, s.entity);
      check('record_id', row.record_id, s.recordId(params, res.json));
      check('method', row.method, route.method);
      check('path', row.path, path);
      check('service', row.service, route.service);
      check('ip', row.ip, '127.0.0.1');
      // changes to a record that was there before (moderation hides and shows one) carry its former state
      if (['update', 'delete', 'reorder', 'revoke', 'hide', 'show'].includes(s.action)) {
        if (!row.before) problems.push('before vazio numa alteração ou exclusão');
      } else check('before', row.before, null);
      if (s.action === 'delete') check('after', row.after, null);
      else if (!row.after) problems.push('after vazio');
      for (const [k, v] of Object.entries(s.before ?? {})) check(`before.${k}`, (row.before as Json | null)?.[k], v);
      for (const [k, v] of Object.entries(s.after ?? {})) check(`after.${k}`, (row.after as Json | null)?.[k], v);
      // an edit's own record: before and after describe the same record
      if (s.action === 'update' && row.before && row.after) check('before.id = after.id', (row.before as Json).id, (row.after as Json).id);
      const leaked = secretsIn(row, prepared.passwords ?? []);
      if (leaked.length) problems.push(`segredo no registro: ${leaked.join(', ')}`);
      if (problems.length) wrong.push(`${key(route)}: ${problems.join('; ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it("records the issue of a certificate once, as the holder's act (their completion of the course)", async () => {
    const { code, title, user } = await make.certificate();
    const row = await eventually(async () => {
      const rows = await t.sql<AuditRow>(`SELECT * FROM auth.audit_log WHERE entity = 'certificates' AND action = 'issue' AND record_id = $1`, [code]);
      if (rows.length !== 1) throw new Error(`${rows.length} linhas de emissão para ${code}`);
      return rows[0]!;
    }, 30_000);
    expect(row).toMatchObject({
      service: 'courses',
      actor_id: `user:${user.userId}`,
      actor_name: user.email,
      before: null,
      // a one-minute course: its workload as the lessons really last
      after: { code, course_title: title, workload_hours: 0, workload_minutes: 1, status: 'valid' },
      method: 'EVENT',
      path: 'course.completed',
    });
  });

  it('records administrator sign-ins and failed sign-ins, never the password tried', async () => {
    const bad = await t.call('POST', '/api/admin/auth/login', { body: { username: t.admin.username, password: 'uma-senha-errada-1' } });
    expect(bad.status).toBe(401);
    const failed = await rowOf(bad);
    expect(failed).toMatchObject({ action: 'login_failed', entity: 'administrators', actor_id: null, actor_name: t.admin.username, status: 401, ip: '127.0.0.1' });
    const good = await t.call('POST', '/api/admin/auth/login', { body: t.admin });
    expect(good.status).toBe(200);
    expect(await rowOf(good)).toMatchObject({ action: 'login', actor_id: admin.id, actor_name: admin.username, record_id: admin.id, status: 200 });
    expect(secretsIn(failed, ['uma-senha-errada-1'])).toEqual([]);
  });

  it("records a user's data export and the deletion of their own account, as that user", async () => {
    const u = await registerUser(t, 'audit-self');
    const exported = await t.call('GET', '/api/users/me/export', { cookie: u.cookie, timeoutMs: 60_000 });
    expect(exported.status).toBe(200);
    expect(await rowOf(exported)).toMatchObject({ action: 'export', entity: 'users', actor_id: `user:${u.userId}`, record_id: u.userId, service: 'auth' });
    const removed = await t.call('DELETE', '/api/users/me', { cookie: u.cookie, body: { password: u.password, confirmation: 'excluir' } });
    expect(removed.status).toBe(200);
    const row = await rowOf(removed);
    expect(row).toMatchObject({ action: 'delete', entity: 'users', actor_id: `user:${u.userId}`, actor_name: u.email, record_id: u.userId, after: null });
    expect(secretsIn(row, [u.password])).toEqual([]);
  });

  it('lists what was recorded on the Auditoria route, filtered, newest first', async () => {
    const id = await make.content({ title: 'Para a lista' });
    const edited = await asAdmin('PUT', `/api/admin/contents/${id}`, { title: 'Editado para a lista' });
    await rowOf(edited);
    const res = await asAdmin('GET', `/api/admin/audit?admin=${encodeURIComponent(admin.username)}&entity=contents&action=update&per_page=5`);
    const items = res.json.items as AuditRow[];
    expect(res.json.total).toBeGreaterThanOrEqual(1);
    expect(items[0]).toMatchObject({ record_id: String(id), before: { title: 'Para a lista' }, after: { title: 'Editado para a lista' } });
  });

  it('the database refuses UPDATE and DELETE on the table', async () => {
    const [row] = await t.sql<AuditRow>(`SELECT id, action FROM auth.audit_log ORDER BY occurred_at LIMIT 1`);
    await expect(t.sql(`UPDATE auth.audit_log SET action = 'apagado' WHERE id = $1`, [row!.id])).rejects.toThrow(/somente de inserção/);
    await expect(t.sql(`DELETE FROM auth.audit_log WHERE id = $1`, [row!.id])).rejects.toThrow(/somente de inserção/);
    await expect(t.sql(`DELETE FROM auth.audit_log`)).rejects.toThrow(/somente de inserção/);
    expect((await t.sql<{ action: string }>(`SELECT action FROM auth.audit_log WHERE id = $1`, [row!.id]))[0]!.action).toBe(row!.action);
  });

  it('the retention job deletes only rows older than AUDIT_RETENTION_DAYS (365 by default)', async () => {
    const tag = `retencao-${uniqueId()}`;
    const insert = (daysAgo: number) =>
      t.sql<{ id: string }>(
        `INSERT INTO auth.audit_log (id, occurred_at, service, actor_id, actor_name, action, entity, method, path, status)
         VALUES ($1, now() - make_interval(days => $2), 'catalog', '1', $3, 'update', 'contents', 'PUT', '/api/admin/contents/1', 200) RETURNING id`,
        [randomUUID(), daysAgo, tag],
      );
    const [old] = await insert(400);
    const [kept] = await insert(300);
    const queue = new Queue('auth-audit-retention', { connection: bullConnection(t.env.REDIS_URL!), prefix: t.env.KEY_PREFIX });
    try {
      // the scheduled job, run now rather than at its next hour
      expect(await queue.getJobScheduler('auth-audit-retention-every')).toBeTruthy();
      const job = await queue.add('purge-old-audit-rows', {});
      await eventually(async () => {
        if ((await job.getState()) !== 'completed') throw new Error(`job ${await job.getState()}`);
      });
    } finally {
      await queue.close();
    }
    const left = await t.sql<{ id: string }>(`SELECT id FROM auth.audit_log WHERE actor_name = $1`, [tag]);
    expect(left.map((r) => r.id)).toEqual([kept!.id]);
    expect(old).toBeTruthy();
  });

  it('a record queued twice is stored once', async () => {
    const queue = new Queue(AUDIT_QUEUE, { connection: bullConnection(t.env.REDIS_URL!), prefix: t.env.KEY_PREFIX });
    const id = randomUUID();
    const record = {
      id,
      occurred_at: new Date().toISOString(),
      service: 'catalog',
      actor_id: admin.id,
      actor_name: admin.username,
      action: 'update',
      entity: 'contents',
      record_id: '1',
      before: null,
      after: null,
      method: 'PUT',
      path: '/api/admin/contents/1',
      status: 200,
      request_id: null,
      ip: null,
    };
    try {
      await queue.add('record', record, { jobId: id });
      await eventually(async () => {
        if (!(await t.sql(`SELECT 1 FROM auth.audit_log WHERE id = $1`, [id])).length) throw new Error('ainda não gravado');
      });
      // a redelivery after the job was removed (at-least-once): a new job with the same record
      await queue.add('record', record, { jobId: `${id}-again` });
      await eventually(async () => {
        if ((await queue.getJobState(`${id}-again`)) !== 'completed') throw new Error('ainda não processado');
      });
      expect(await t.sql(`SELECT 1 FROM auth.audit_log WHERE id = $1`, [id])).toHaveLength(1);
    } finally {
      await queue.close();
    }
  });
});
