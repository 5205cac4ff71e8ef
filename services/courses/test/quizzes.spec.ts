import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ask, createRpcClient, EventBus, rpcPattern, signedIdentityHeaders } from '@clima/common';
import {
  AdminQuizQuestion,
  AssessmentAttempt,
  AssessmentResult,
  AssessmentStatus,
  CoursesExport,
  LessonQuiz,
  PublicCertificate,
  QUIZ_MESSAGES,
  QuizResult,
  QuizStats,
  USER_EXPORT_QUERY,
} from '@clima/contract';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFStream } from 'pdf-lib';
import { DataSource } from 'typeorm';
import { CertificatesService } from '../src/certificates/certificates.service';
import { admin, anonymous, buildApp, Factory, unique, userHeaders } from './helpers';

async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The strings a PDF's first page draws (the standard fonts are WinAnsi: each Portuguese letter is its Latin-1 byte). */
async function pdfLines(bytes: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const lines: string[] = [];
  for (const stream of streams) {
    const data = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : (stream as PDFStream).getContents();
    for (const m of Buffer.from(data).toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
  }
  return lines;
}

interface Who {
  id: string;
  headers: Record<string, string>;
}
const subscriber = (): Who => {
  const id = unique('email_');
  return { id, headers: userHeaders(id) };
};

/** A single-choice question whose right answer is the option `right` (1-based), with an explanation. */
const single = (prompt: string, right = 1, n = 4) => ({
  kind: 'single',
  prompt,
  explanation: `Porque a alternativa ${right} é a certa.`,
  options: Array.from({ length: n }, (_, i) => ({ text: `Alternativa ${i + 1}`, correct: i + 1 === right })),
});

describe('lesson quizzes and the final assessment', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  let ds: DataSource;
  let bus: EventBus;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await buildApp({ rpc: true });
    await app.startAllMicroservices();
    make = new Factory(app);
    ds = app.get(DataSource);
    bus = app.get(EventBus);
  });
  afterAll(async () => {
    await app.close();
  });

  async function lessonWithQuiz() {
    const c = await make.course({ is_published: 1 });
    const lesson = await make.lesson(c.id, { duration_seconds: 60 });
    const qs: AdminQuizQuestion[] = [];
    qs.push((await http().post(`/api/admin/lessons/${lesson.id}/quiz/questions`).set(admin).send(single('Qual a pressão?', 2)).expect(201)).body);
    qs.push(
      (
        await http()
          .post(`/api/admin/lessons/${lesson.id}/quiz/questions`)
          .set(admin)
          .send({
            kind: 'multiple',
            prompt: 'Quais instrumentos medem o vácuo?',
            options: [
              { text: 'Vacuômetro digital', correct: true },
              { text: 'Manifold analógico', correct: false },
              { text: 'Vacuômetro de termopar', correct: true },
            ],
          })
          .expect(201)
      ).body,
    );
    qs.push((await http().post(`/api/admin/lessons/${lesson.id}/quiz/questions`).set(admin).send(single('Qual o capacitor?', 1, 2)).expect(201)).body);
    return { course: c, lesson, questions: qs };
  }

  /** Watches a lesson through, as a player would (see certificates.spec.ts). */
  async function watch(courseId: number, lessonId: number, who: Who, d: number) {
    const path = `/api/courses/${courseId}/lessons/${lessonId}/position`;
    await http().put(path).set(who.headers).send({ position: 0, duration: d, watched: [] }).expect(200);
    await ds.query(`UPDATE courses.lesson_watch SET created_at = now() - make_interval(secs => $3) WHERE user_id = $1 AND lesson_id = $2`, [who.id, lessonId, d]);
    const res = await http().put(path).set(who.headers).send({ position: d, duration: d, watched: [[0, d]] }).expect(200);
    expect(res.body.completed).toBe(1);
  }

  it('administrators edit a lesson quiz: validation, order, deletion; subscribers and visitors may not', async () => {
    const { lesson, questions } = await lessonWithQuiz();
    const base = `/api/admin/lessons/${lesson.id}/quiz`;
    expect(questions.map((q) => q.position)).toEqual([1, 2, 3]);
    expect(questions[1]!.options).toEqual([
      { id: 1, text: 'Vacuômetro digital', correct: true },
      { id: 2, text: 'Manifold analógico', correct: false },
      { id: 3, text: 'Vacuômetro de termopar', correct: true },
    ]);

    const bad = async (body: object, error: string) => expect((await http().post(`${base}/questions`).set(admin).send(body).expect(400)).body).toEqual({ error });
    await bad({ ...single('x'), options: [{ text: 'Só uma', correct: true }] }, 'Informe de 2 a 6 alternativas');
    await bad(single('x', 1, 7), 'Informe de 2 a 6 alternativas');
    await bad({ ...single('x'), options: [{ text: 'a', correct: true }, { text: 'b', correct: true }] }, 'Questão de resposta única: marque só uma alternativa correta');
    await bad({ ...single('x'), options: [{ text: 'a', correct: false }, { text: 'b', correct: false }] }, 'Marque ao menos uma alternativa correta');
    await bad({ ...single(''), prompt: '   ' }, 'O enunciado é obrigatório');
    await bad({ ...single('x'), image_url: 'https://exemplo.com/x.png' }, 'Envie a imagem pelo botão de imagem da questão');
    await http().post(`/api/admin/lessons/2000000000/quiz/questions`).set(admin).send(single('x')).expect(404);

    // reorder: exactly the quiz's questions
    const ids = questions.map((q) => q.id);
    await http().put(`${base}/order`).set(admin).send({ question_ids: [ids[0], ids[1]] }).expect(400, { error: QUIZ_MESSAGES.orderMismatch });
    const reordered = (await http().put(`${base}/order`).set(admin).send({ question_ids: [ids[2], ids[0], ids[1]] }).expect(200)).body as AdminQuizQuestion[];
    expect(reordered.map((q) => q.id)).toEqual([ids[2], ids[0], ids[1]]);

    // edit and delete (the later questions move up)
    const edited = (await http().put(`/api/admin/quiz-questions/${ids[0]}`).set(admin).send(single('Qual a pressão de sucção?', 3)).expect(200)).body as AdminQuizQuestion;
    expect(edited).toMatchObject({ prompt: 'Qual a pressão de sucção?', position: 2 });
    await http().delete(`/api/admin/quiz-questions/${ids[2]}`).set(admin).expect(200, { success: true });
    const left = (await http().get(base).set(admin).expect(200)).body as AdminQuizQuestion[];
    expect(left.map((q) => [q.id, q.position])).toEqual([
      [ids[0], 1],
      [ids[1], 2],
    ]);
    await http().delete(`/api/admin/quiz-questions/${ids[2]}`).set(admin).expect(404);

    // access
    const who = subscriber();
    await http().get(base).set(who.headers).expect(403);
    await http().post(`${base}/questions`).set(anonymous).send(single('x')).expect(401);
  });

  it('a subscriber gets the questions without the answers, then the score, the right options and the explanations; may try again', async () => {
    const { course: c, lesson, questions } = await lessonWithQuiz();
    const who = subscriber();
    const path = `/api/courses/${c.id}/lessons/${lesson.id}/quiz`;
    const res = await http().get(path).set(who.headers).expect(200);
    const quiz = LessonQuiz.parse(res.body);
    expect(quiz).toMatchObject({ lesson_id: lesson.id, pass_score: 70, best_score: null, passed: false, attempts: 0 });
    expect(quiz.questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    // nothing of the answers travels with the questions
    expect(res.text).not.toMatch(/correct|explanation|Porque a alternativa/);

    const [q1, q2, q3] = questions as [AdminQuizQuestion, AdminQuizQuestion, AdminQuizQuestion];
    // one of three right (the multiple-choice one half right is wrong), q3 unanswered
    const first = QuizResult.parse(
      (
        await http()
          .post(`${path}/attempts`)
          .set(who.headers)
          .send({ answers: [{ question_id: q1.id, option_ids: [2] }, { question_id: q2.id, option_ids: [1] }] })
          .expect(201)
      ).body,
    );
    expect(first).toMatchObject({ score: 33, correct: 1, total: 3, passed: false, first_pass: false });
    expect(first.results).toEqual([
      { question_id: q1.id, correct: true, selected_option_ids: [2], correct_option_ids: [2], explanation: 'Porque a alternativa 2 é a certa.' },
      { question_id: q2.id, correct: false, selected_option_ids: [1], correct_option_ids: [1, 3], explanation: null },
      { question_id: q3.id, correct: false, selected_option_ids: [], correct_option_ids: [1], explanation: 'Porque a alternativa 1 é a certa.' },
    ]);

    const all = { answers: [{ question_id: q1.id, option_ids: [2] }, { question_id: q2.id, option_ids: [3, 1] }, { question_id: q3.id, option_ids: [1] }] };
    const second = QuizResult.parse((await http().post(`${path}/attempts`).set(who.headers).send(all).expect(201)).body);
    expect(second).toMatchObject({ score: 100, correct: 3, passed: true, first_pass: true });
    const third = QuizResult.parse((await http().post(`${path}/attempts`).set(who.headers).send(all).expect(201)).body);
    expect(third).toMatchObject({ score: 100, passed: true, first_pass: false });
    expect(LessonQuiz.parse((await http().get(path).set(who.headers).expect(200)).body)).toMatchObject({ best_score: 100, passed: true, attempts: 3 });

    // the first pass goes to the ranking once
    const facts = await eventually(async () => {
      const jobs = await bus.queue('ranking').getJobs(['waiting', 'active', 'completed', 'delayed', 'failed', 'prioritized']);
      const mine = jobs.filter((j) => j.name === 'quiz.passed' && j.data.payload?.userId === who.id);
      return mine.length ? mine : undefined;
    }, 'quiz.passed published');
    expect(facts).toHaveLength(1);
    expect(facts[0]!.data.payload).toMatchObject({ userId: who.id, courseId: c.id, lessonId: lesson.id, score: 100 });

    // bad answers: 400, nothing recorded
    const bad = async (answers: object[], error: string) => expect((await http().post(`${path}/attempts`).set(who.headers).send({ answers }).expect(400)).body).toEqual({ error });
    await bad([{ question_id: 2_000_000_000, option_ids: [1] }], QUIZ_MESSAGES.answersMismatch);
    await bad([{ question_id: q1.id, option_ids: [1] }, { question_id: q1.id, option_ids: [2] }], QUIZ_MESSAGES.answersMismatch);
    await bad([{ question_id: q1.id, option_ids: [9] }], QUIZ_MESSAGES.unknownOption);
    await bad([{ question_id: q1.id, option_ids: [1, 2] }], QUIZ_MESSAGES.singleChoice);
    await http().post(`${path}/attempts`).set(who.headers).send({ answers: 'x' }).expect(400);
    expect((await ds.query(`SELECT count(*)::int AS n FROM courses.quiz_attempt WHERE user_id = $1`, [who.id]))[0].n).toBe(3);

    // access and unknown ids
    await http().get(path).set(anonymous).expect(401);
    await http().get(path).set(userHeaders(unique('email_'), 'inactive')).expect(403);
    await http().get(`/api/courses/${c.id}/lessons/2000000000/quiz`).set(who.headers).expect(404);
    const other = await make.course({ is_published: 1 });
    await http().get(`/api/courses/${other.id}/lessons/${lesson.id}/quiz`).set(who.headers).expect(404);
    const plain = await make.lesson(c.id);
    expect((await http().get(`/api/courses/${c.id}/lessons/${plain.id}/quiz`).set(who.headers).expect(200)).body.questions).toEqual([]);
    await http().post(`/api/courses/${c.id}/lessons/${plain.id}/quiz/attempts`).set(who.headers).send({ answers: [] }).expect(404, { error: QUIZ_MESSAGES.noQuiz });

    // the statistics
    const stats = QuizStats.parse((await http().get(`/api/admin/lessons/${lesson.id}/quiz/stats`).set(admin).expect(200)).body);
    expect(stats).toMatchObject({ attempts: 3, users: 1, pass_rate: 67, average_score: 77.7 });
    expect(stats.most_missed.map((m) => [m.question_id, m.answered, m.missed])).toEqual([
      [q2.id, 3, 1],
      [q3.id, 3, 1],
    ]);
  });

  async function courseWithAssessment(rules: object, pool = 6) {
    const c = await make.course({ is_published: 1 });
    const lesson = await make.lesson(c.id, { duration_seconds: 60 });
    await http().put(`/api/admin/courses/${c.id}/assessment`).set(admin).send(rules).expect(200);
    const qs: AdminQuizQuestion[] = [];
    for (let i = 1; i <= pool; i++) qs.push((await http().post(`/api/admin/courses/${c.id}/assessment/questions`).set(admin).send(single(`Questão ${i}`, 1 + (i % 3), 3)).expect(201)).body);
    return { course: c, lesson, questions: qs };
  }

  /** Right answers for the drawn questions (all but `wrong` of them). */
  const answersFor = (attempt: AssessmentAttempt, pool: AdminQuizQuestion[], wrong = 0) =>
    attempt.questions.map((q, i) => {
      const full = pool.find((p) => p.id === q.id)!;
      const right = full.options.find((o) => o.correct)!.id;
      return { question_id: q.id, option_ids: [i < wrong ? (right % 3) + 1 : right] };
    });

  it('the assessment draws N questions without their answers, keeps the attempt open, limits attempts per São Paulo day', async () => {
    const { course: c, questions } = await courseWithAssessment({ questions_per_attempt: 4, passing_score: 75, attempts_per_day: 2 });
    const who = subscriber();
    const base = `/api/courses/${c.id}/assessment`;
    expect(AssessmentStatus.parse((await http().get(base).set(who.headers).expect(200)).body)).toMatchObject({
      questions_per_attempt: 4,
      passing_score: 75,
      attempts_per_day: 2,
      time_limit_minutes: null,
      attempts_today: 0,
      attempts_left_today: 2,
      passed: false,
      open_attempt_id: null,
      lessons_completed: false,
    });

    const started = await http().post(`${base}/attempts`).set(who.headers).expect(201);
    expect(started.text).not.toMatch(/correct|explanation/);
    const attempt = AssessmentAttempt.parse(started.body);
    expect(attempt.questions).toHaveLength(4);
    expect(new Set(attempt.questions.map((q) => q.id)).size).toBe(4);
    expect(attempt).toMatchObject({ deadline: null, seconds_left: null });
    // the server remembers what it drew: starting again gives the same attempt
    const again = AssessmentAttempt.parse((await http().post(`${base}/attempts`).set(who.headers).expect(201)).body);
    expect(again.id).toBe(attempt.id);
    expect(again.questions.map((q) => q.id)).toEqual(attempt.questions.map((q) => q.id));

    // a question that was not drawn is refused
    const notDrawn = questions.find((q) => !attempt.questions.some((d) => d.id === q.id))!;
    await http()
      .post(`${base}/attempts/${attempt.id}/submit`)
      .set(who.headers)
      .send({ answers: [{ question_id: notDrawn.id, option_ids: [1] }] })
      .expect(400, { error: QUIZ_MESSAGES.answersMismatch });
    // another user's attempt is unknown to this one
    await http().post(`${base}/attempts/${attempt.id}/submit`).set(subscriber().headers).send({ answers: [] }).expect(404);

    // 2 wrong of 4 = 50 < 75
    const failed = AssessmentResult.parse((await http().post(`${base}/attempts/${attempt.id}/submit`).set(who.headers).send({ answers: answersFor(attempt, questions, 2) }).expect(200)).body);
    expect(failed).toMatchObject({ score: 50, correct: 2, total: 4, passed: false, expired: false, passing_score: 75, attempts_left_today: 1 });
    expect(failed.results.every((r) => r.correct_option_ids.length === 1 && r.explanation)).toBe(true);
    await http().post(`${base}/attempts/${attempt.id}/submit`).set(who.headers).send({ answers: [] }).expect(409, { error: QUIZ_MESSAGES.attemptClosed });

    // second attempt, abandoned: it still counts; the third of the day is refused with 429
    const second = AssessmentAttempt.parse((await http().post(`${base}/attempts`).set(who.headers).expect(201)).body);
    expect(second.id).not.toBe(attempt.id);
    await http().post(`${base}/attempts/${second.id}/submit`).set(who.headers).send({ answers: answersFor(second, questions, 0) }).expect(200);
    const refused = await http().post(`${base}/attempts`).set(who.headers).expect(429);
    expect(refused.body).toEqual({ error: QUIZ_MESSAGES.attemptsExhausted(2) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await http().get(base).set(who.headers).expect(200)).body).toMatchObject({ attempts_today: 2, attempts_left_today: 0, passed: true, best_score: 100 });

    // yesterday's attempts (São Paulo day) no longer count
    await ds.query(`UPDATE courses.assessment_attempt SET day = day - 1 WHERE user_id = $1`, [who.id]);
    await http().post(`${base}/attempts`).set(who.headers).expect(201);

    // statistics over the submitted attempts
    const stats = QuizStats.parse((await http().get(`/api/admin/courses/${c.id}/assessment/stats`).set(admin).expect(200)).body);
    expect(stats).toMatchObject({ attempts: 2, users: 1, pass_rate: 50, average_score: 75 });
    expect(stats.most_missed.length).toBeGreaterThan(0);

    // a course without an assessment; the rules are checked
    const plain = await make.course({ is_published: 1 });
    expect((await http().get(`/api/courses/${plain.id}/assessment`).set(who.headers).expect(200)).body).toBeNull();
    await http().post(`/api/courses/${plain.id}/assessment/attempts`).set(who.headers).expect(404, { error: QUIZ_MESSAGES.noAssessment });
    await http().get(`/api/courses/2000000000/assessment`).set(who.headers).expect(404);
    await http().put(`/api/admin/courses/${plain.id}/assessment`).set(admin).send({ questions_per_attempt: 0, passing_score: 70, attempts_per_day: 1 }).expect(400);
    await http().put(`/api/admin/courses/${plain.id}/assessment`).set(admin).send({ questions_per_attempt: 5, passing_score: 101, attempts_per_day: 1 }).expect(400);
    // rules without questions are no assessment yet
    await http().put(`/api/admin/courses/${plain.id}/assessment`).set(admin).send({ questions_per_attempt: 5, passing_score: 70, attempts_per_day: 1 }).expect(200);
    expect((await http().get(`/api/courses/${plain.id}/assessment`).set(who.headers).expect(200)).body).toBeNull();
    await http().get(base).set(anonymous).expect(401);
    await http().post(`${base}/attempts`).set(userHeaders(unique('email_'), 'canceled')).expect(403);
  });

  it('the time limit is the server’s: an attempt answered after its deadline is scored as expired', async () => {
    const { course: c, questions } = await courseWithAssessment({ questions_per_attempt: 3, passing_score: 60, attempts_per_day: 5, time_limit_minutes: 10 }, 3);
    const who = subscriber();
    const base = `/api/courses/${c.id}/assessment`;
    const attempt = AssessmentAttempt.parse((await http().post(`${base}/attempts`).set(who.headers).expect(201)).body);
    expect(attempt.deadline).not.toBeNull();
    expect(attempt.seconds_left).toBeGreaterThan(9 * 60);
    expect(attempt.seconds_left).toBeLessThanOrEqual(10 * 60);

    // the deadline passed (beyond the grace): all right answers, still not passed
    await ds.query(`UPDATE courses.assessment_attempt SET deadline = now() - interval '1 minute' WHERE id = $1`, [attempt.id]);
    expect((await http().get(base).set(who.headers).expect(200)).body.open_attempt_id).toBeNull();
    const late = AssessmentResult.parse((await http().post(`${base}/attempts/${attempt.id}/submit`).set(who.headers).send({ answers: answersFor(attempt, questions) }).expect(200)).body);
    expect(late).toMatchObject({ expired: true, score: 0, passed: false });

    // within the grace (network delay) the answers count
    const next = AssessmentAttempt.parse((await http().post(`${base}/attempts`).set(who.headers).expect(201)).body);
    expect(next.id).not.toBe(attempt.id);
    await ds.query(`UPDATE courses.assessment_attempt SET deadline = now() - interval '5 seconds' WHERE id = $1`, [next.id]);
    const inTime = AssessmentResult.parse((await http().post(`${base}/attempts/${next.id}/submit`).set(who.headers).send({ answers: answersFor(next, questions) }).expect(200)).body);
    expect(inTime).toMatchObject({ expired: false, score: 100, passed: true });
  });

  it('the certificate waits for the assessment and shows its score; attempts are exported and removed with the account', async () => {
    const { course: c, lesson, questions } = await courseWithAssessment({ questions_per_attempt: 2, passing_score: 50, attempts_per_day: 3 }, 2);
    const id = unique('email_');
    const who = { id, headers: signedIdentityHeaders({ user: { id, email: `${id}@exemplo.com.br`, name: 'Ana Técnica', subscriptionStatus: 'active', isAdmin: false }, admin: null }) };
    const certificates = app.get(CertificatesService);
    await watch(c.id, lesson.id, who, 60);

    // every lesson watched, no assessment passed: no certificate, whatever the deliveries
    expect(await certificates.issueOnCompletion({ userId: who.id, courseId: c.id, at: new Date().toISOString() })).toBeNull();
    expect((await http().get(`/api/courses/${c.id}/assessment`).set(who.headers).expect(200)).body.lessons_completed).toBe(true);

    const base = `/api/courses/${c.id}/assessment`;
    const attempt = AssessmentAttempt.parse((await http().post(`${base}/attempts`).set(who.headers).expect(201)).body);
    const result = AssessmentResult.parse((await http().post(`${base}/attempts/${attempt.id}/submit`).set(who.headers).send({ answers: answersFor(attempt, questions, 1) }).expect(200)).body);
    expect(result).toMatchObject({ score: 50, passed: true });

    // assessment.passed brings the certificate, with the score
    const cert = await eventually(async () => {
      const list = (await http().get('/api/certificates').set(who.headers).expect(200)).body as { code: string; course_id: number; assessment_score: number | null }[];
      return list.find((x) => x.course_id === c.id);
    }, 'certificate issued after the assessment');
    expect(cert.assessment_score).toBe(50);
    const page = PublicCertificate.parse((await http().get(`/api/public/certificates/${cert.code}`).expect(200)).body);
    expect(page.assessment_score).toBe(50);
    // and the PDF prints it
    const pdf = await http()
      .get(`/api/certificates/${cert.code}/pdf`)
      .set(who.headers)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(await pdfLines(pdf.body as Buffer)).toContain('Aprovado na avaliação final com nota 50%.');

    // the LGPD export carries the attempts and the chosen options
    const client = createRpcClient(process.env.REDIS_URL!);
    try {
      const exported = CoursesExport.parse(await ask(client, rpcPattern('courses', USER_EXPORT_QUERY), { userId: who.id }, 5000));
      expect(exported.assessment_attempts).toEqual([
        expect.objectContaining({ course_id: c.id, course_title: c.title, score: 50, passed: true, expired: false, answers: expect.any(Array) }),
      ]);
      expect(exported.assessment_attempts[0]!.answers).toHaveLength(2);
    } finally {
      await client.close();
    }

    // deletion removes them
    await bus.publish('user.deleted', { userId: who.id });
    await eventually(async () => (await ds.query(`SELECT 1 FROM courses.assessment_attempt WHERE user_id = $1`, [who.id])).length === 0, 'attempts removed');
    expect(await ds.query(`SELECT 1 FROM courses.assessment_pass WHERE user_id = $1`, [who.id])).toEqual([]);
  });

  it('a question may show an image: uploaded by an administrator (checked by its bytes), served to subscribers only once a question uses it', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
    const up = await http().post('/api/admin/quiz-images').set(admin).attach('file', png, { filename: 'display.png', contentType: 'image/png' }).expect(201);
    expect(up.body.url).toMatch(/^\/api\/files\/quiz-images\/[0-9a-f]{32}\.png$/);
    const name = (up.body.url as string).split('/').pop()!;
    const who = subscriber();
    // not used by any question yet
    await http().get(`/api/files/quiz-images/${name}`).set(who.headers).expect(404);

    const c = await make.course({ is_published: 1 });
    const lesson = await make.lesson(c.id);
    await http()
      .post(`/api/admin/lessons/${lesson.id}/quiz/questions`)
      .set(admin)
      .send({ ...single('O display mostra qual código?'), image_url: up.body.url })
      .expect(201);
    const quiz = (await http().get(`/api/courses/${c.id}/lessons/${lesson.id}/quiz`).set(who.headers).expect(200)).body as LessonQuiz;
    expect(quiz.questions[0]!.image_url).toBe(up.body.url);
    const served = await http().get(`/api/files/quiz-images/${name}`).set(who.headers).expect(200);
    expect(served.headers['x-accel-redirect']).toBe(`/media/quiz-images/${name}`);
    expect(served.headers['content-type']).toBe('image/png');
    await http().get(`/api/files/quiz-images/${name}`).set(anonymous).expect(401);
    await http().get(`/api/files/quiz-images/..%2F..%2Fetc`).set(who.headers).expect(404);

    // not an image, whatever its name says; the upload is for administrators
    const refused = await http().post('/api/admin/quiz-images').set(admin).attach('file', Buffer.from('<svg onload="alert(1)"></svg>'), { filename: 'x.png', contentType: 'image/png' }).expect(400);
    expect(refused.body).toEqual({ error: QUIZ_MESSAGES.imageWrongType });
    await http().post('/api/admin/quiz-images').set(who.headers).attach('file', png, 'x.png').expect(403);
  });

  it('a lesson quiz is in the export and goes with the account', async () => {
    const { course: c, lesson, questions } = await lessonWithQuiz();
    const who = subscriber();
    await http()
      .post(`/api/courses/${c.id}/lessons/${lesson.id}/quiz/attempts`)
      .set(who.headers)
      .send({ answers: [{ question_id: questions[0]!.id, option_ids: [2] }] })
      .expect(201);
    const client = createRpcClient(process.env.REDIS_URL!);
    try {
      const exported = CoursesExport.parse(await ask(client, rpcPattern('courses', USER_EXPORT_QUERY), { userId: who.id }, 5000));
      expect(exported.quiz_attempts).toEqual([
        {
          course_id: c.id,
          course_title: c.title,
          lesson_id: lesson.id,
          lesson_title: lesson.title,
          score: 33,
          correct: 1,
          total: 3,
          passed: false,
          answers: [
            { question_id: questions[0]!.id, option_ids: [2], correct: true },
            { question_id: questions[1]!.id, option_ids: [], correct: false },
            { question_id: questions[2]!.id, option_ids: [], correct: false },
          ],
          submitted_at: expect.any(String),
        },
      ]);
    } finally {
      await client.close();
    }
    await bus.publish('user.deleted', { userId: who.id });
    await eventually(async () => (await ds.query(`SELECT 1 FROM courses.quiz_attempt WHERE user_id = $1`, [who.id])).length === 0, 'quiz attempts removed');
  });
});
