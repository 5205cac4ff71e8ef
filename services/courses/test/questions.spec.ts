/**
 * 'Dúvidas' under each lesson, on a database and key prefix of their own: the courses app with its outbox relayed
 * to the real auth app, which delivers the asker's e-mail over SMTP to a real MailDev.
 */
import { AUDIT_QUEUE, type AuditRecord, bullConnection, createServiceApp, EventBus, dataSourceOptions, runMigrations, signedIdentityHeaders } from '@clima/common';
import { AdminLessonQuestionsAnswer, CoursesExport, LessonQuestion, LessonReply } from '@clima/contract';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MailServer, startMailServer } from '../../../infra/test/mail-server';
import { psql } from '../../../infra/test/test-env';
import * as authDb from '../../auth/src/database';
import { bootApp, registerUser } from '../../auth/test/helpers';
import { AppModule } from '../src/app.module';
import { loadCoursesConfig } from '../src/config';
import * as coursesDb from '../src/database';
import { UserExportService } from '../src/privacy/user-export.service';

jest.setTimeout(120_000);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const admin = signedIdentityHeaders({ user: null, admin: { id: '1', username: 'admin' } });
const anonymous = signedIdentityHeaders({ user: null, admin: null });
const unique = (p = 't') => `${p}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

interface Tech {
  id: string;
  name: string;
  headers: Record<string, string>;
}

/** A technician as the gateway's identity describes them (active subscriber unless told). */
function tech(name = 'Carlos Eduardo Lima', opts: { id?: string; status?: string; isAdmin?: boolean } = {}): Tech {
  const id = opts.id ?? unique('email_');
  const headers = signedIdentityHeaders({
    user: { id, email: `${id}@exemplo.com.br`, name, subscriptionStatus: opts.status ?? 'active', isAdmin: !!opts.isAdmin },
    admin: opts.isAdmin ? { id: `user:${id}`, username: `${id}@exemplo.com.br` } : null,
  });
  return { id, name, headers };
}

describe('Dúvidas under each lesson', () => {
  const id = randomBytes(4).toString('hex');
  const prefix = `${process.env.KEY_PREFIX}_duv${id}`;
  const dbName = `clima_test_duv_${id}`;
  const dbUrl = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${dbName}` }).toString();
  const storageDir = mkdtempSync(join(tmpdir(), 'clima-duvidas-'));
  let mail: MailServer;
  let auth: NestFastifyApplication;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let audit: Queue<AuditRecord>;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    psql(`CREATE DATABASE ${dbName}`);
    for (const db of [authDb, coursesDb]) {
      await runMigrations(dataSourceOptions({ url: dbUrl, schema: db.SCHEMA, entities: db.entities, migrations: db.migrations }) as DataSourceOptions & { schema: string });
    }
    mail = await startMailServer();
    const env = { DATABASE_URL: dbUrl, KEY_PREFIX: prefix, PUBLIC_URL: 'http://localhost:8080' };
    ({ app: auth } = await bootApp({ ...env, SMTP_URL: mail.smtpUrl }));
    const config = loadCoursesConfig({ ...process.env, ...env, STORAGE_DIR: storageDir, LESSON_QUESTIONS_PER_HOUR: '3', LESSON_REPLIES_PER_HOUR: '4' });
    app = await createServiceApp(AppModule.forRoot(config), config);
    ds = app.get(DataSource);
    audit = new Queue<AuditRecord>(AUDIT_QUEUE, { connection: bullConnection(process.env.REDIS_URL!), prefix });
  });
  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await mail?.stop();
    for (const name of [AUDIT_QUEUE, 'mail']) {
      const q = new Queue(name, { connection: bullConnection(process.env.REDIS_URL!), prefix });
      await q.obliterate({ force: true }).catch(() => undefined);
      await q.close();
    }
    await audit?.close();
    psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(storageDir, { recursive: true, force: true });
  });

  /** A published course with one lesson, made through the admin API. */
  async function lesson(published = true) {
    const course = (await http().post('/api/admin/courses').set(admin).send({ title: `Carga de gás ${unique()}`, is_published: published ? 1 : 0 }).expect(201)).body as { id: number };
    const l = (await http().post(`/api/admin/courses/${course.id}/lessons`).set(admin).send({ title: 'Superaquecimento e subresfriamento', duration_seconds: 600 }).expect(201)).body as { id: number };
    return { courseId: course.id, lessonId: l.id, path: `/api/courses/${course.id}/lessons/${l.id}/questions` };
  }

  async function ask(path: string, who: Tech, body = 'Qual o superaquecimento ideal para um split inverter com R-410A?'): Promise<LessonQuestion> {
    const res = await http().post(path).set(who.headers).send({ body }).expect(201);
    return LessonQuestion.parse(res.body);
  }

  async function auditOf(entity: string, recordId: number): Promise<AuditRecord[]> {
    const jobs = await audit.getJobs(['waiting', 'active', 'completed', 'delayed', 'failed', 'prioritized']);
    return jobs.map((j) => j.data).filter((r) => r.entity === entity && r.record_id === String(recordId));
  }

  it('only active subscribers read and write; the admin routes only for administrators; unknown lessons are 404', async () => {
    const { path, courseId } = await lesson();
    const q = await ask(path, tech());
    for (const [method, url] of [
      ['get', path],
      ['post', path],
      ['post', `/api/lesson-questions/${q.id}/replies`],
      ['patch', `/api/lesson-questions/${q.id}`],
      ['get', `/api/lesson-questions/${q.id}/photo`],
    ] as const) {
      await http()[method](url).set(anonymous).send({ body: 'Alguma dúvida' }).expect(401);
      await http()[method](url).set(tech('Ana Inativa', { status: 'inactive' }).headers).send({ body: 'Alguma dúvida' }).expect(403);
    }
    for (const [method, url] of [
      ['get', '/api/admin/lesson-questions'],
      ['post', `/api/admin/lesson-questions/${q.id}/replies`],
      ['post', `/api/admin/lesson-questions/${q.id}/hide`],
      ['delete', `/api/admin/lesson-questions/${q.id}`],
    ] as const) {
      await http()[method](url).set(anonymous).send({ body: 'Resposta' }).expect(401);
      await http()[method](url).set(tech().headers).send({ body: 'Resposta' }).expect(403);
    }
    await http().get(`/api/courses/${courseId}/lessons/999999999/questions`).set(tech().headers).expect(404, { error: 'Aula não encontrada' });
    const draft = await lesson(false);
    await http().get(draft.path).set(tech().headers).expect(404);
    await http().post(path).set(tech().headers).send({ body: '  ' }).expect(400);
    await http().post(path).set(tech().headers).send({ body: 'x'.repeat(2001) }).expect(400, { error: 'No máximo 2000 caracteres' });
    await http().post('/api/lesson-questions/999999999/replies').set(tech().headers).send({ body: 'Resposta qualquer' }).expect(404, { error: 'Dúvida não encontrada' });
  });

  it('a question is stored and answered as plain text, never as HTML', async () => {
    const { path } = await lesson();
    const text = '<img src=x onerror=alert(1)> & <script>alert("x")</script>\nSegunda linha';
    const q = await ask(path, tech(), text);
    expect(q.body).toBe(text);
    const listed = LessonQuestion.array().parse((await http().get(path).set(tech().headers).expect(200)).body);
    expect(listed.find((x) => x.id === q.id)!.body).toBe(text);
    const [row] = await ds.query(`SELECT body FROM courses.lesson_question WHERE id = $1`, [q.id]);
    expect(row.body).toBe(text);
  });

  it('technicians and instructors reply; the instructor is marked; the asker (or an admin) marks the answer, shown first', async () => {
    const { path } = await lesson();
    const asker = tech('Joana Prado');
    const other = tech('Rafael Souza');
    const q = await ask(path, asker);
    expect(q).toMatchObject({ author_name: 'Joana Prado', is_mine: true, answered: false, can_accept: true, replies: [] });

    const r1 = LessonReply.parse((await http().post(`/api/lesson-questions/${q.id}/replies`).set(other.headers).send({ body: 'Entre 5 e 7 K na sucção.' }).expect(201)).body);
    expect(r1).toMatchObject({ is_instructor: false, author_name: 'Rafael Souza', is_mine: true });
    const r2 = LessonReply.parse((await http().post(`/api/admin/lesson-questions/${q.id}/replies`).set(admin).send({ body: 'Siga a tabela do fabricante; em geral 5 a 8 K.' }).expect(201)).body);
    expect(r2).toMatchObject({ is_instructor: true, author_name: 'Equipe Clima Pro' });
    // an end user with the administrator flag replies as an instructor through the subscriber route too
    const flagged = tech('Instrutor Marcos', { isAdmin: true });
    const r3 = LessonReply.parse((await http().post(`/api/lesson-questions/${q.id}/replies`).set(flagged.headers).send({ body: 'Meça também o subresfriamento.' }).expect(201)).body);
    expect(r3).toMatchObject({ is_instructor: true, author_name: 'Instrutor Marcos' });

    // someone else cannot mark the answer; the asker can, and it comes first
    await http().post(`/api/lesson-questions/${q.id}/accept`).set(other.headers).send({ reply_id: r1.id }).expect(403);
    const accepted = LessonQuestion.parse((await http().post(`/api/lesson-questions/${q.id}/accept`).set(asker.headers).send({ reply_id: r3.id }).expect(200)).body);
    expect(accepted.accepted_reply_id).toBe(r3.id);
    expect(accepted.replies.map((r) => r.id)).toEqual([r3.id, r1.id, r2.id]);
    expect(accepted.replies[0]!.is_accepted).toBe(true);
    // a reply of another question is not this one's answer
    await http().post(`/api/lesson-questions/${q.id}/accept`).set(asker.headers).send({ reply_id: 999999999 }).expect(404);
    // an administrator may mark another one
    await http().post(`/api/admin/lesson-questions/${q.id}/accept`).set(admin).send({ reply_id: r2.id }).expect(200);
    const seen = LessonQuestion.array().parse((await http().get(path).set(other.headers).expect(200)).body);
    expect(seen[0]).toMatchObject({ id: q.id, accepted_reply_id: r2.id, answered: true, is_mine: false, can_accept: false });
    expect(seen[0]!.replies[0]!.id).toBe(r2.id);
  });

  it("'Dúvidas sem resposta': oldest first, counted, and leaves the list once an instructor answers", async () => {
    const { path } = await lesson();
    const first = await ask(path, tech(), 'Quantos mícrons devo atingir no vácuo antes de liberar o gás?');
    const second = await ask(path, tech(), 'Como testar o capacitor do compressor com o multímetro?');
    const list = async () => AdminLessonQuestionsAnswer.parse((await http().get('/api/admin/lesson-questions').set(admin).expect(200)).body);
    const before = await list();
    const ids = before.questions.map((q) => q.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(before.questions.find((q) => q.id === first.id)).toMatchObject({ lesson_title: 'Superaquecimento e subresfriamento', answered: false });
    expect(before.unanswered).toBeGreaterThanOrEqual(2);

    // a technician's reply does not answer it; an instructor's does
    await http().post(`/api/lesson-questions/${first.id}/replies`).set(tech().headers).send({ body: 'Abaixo de 500 mícrons.' }).expect(201);
    expect((await list()).questions.map((q) => q.id)).toContain(first.id);
    await http().post(`/api/admin/lesson-questions/${first.id}/replies`).set(admin).send({ body: 'Abaixo de 500 mícrons, e o vácuo deve se manter.' }).expect(201);
    const after = await list();
    expect(after.questions.map((q) => q.id)).not.toContain(first.id);
    expect(after.unanswered).toBe(before.unanswered - 1);
  });

  it('moderation: hidden and deleted messages leave the subscribers, and each act is in the audit log', async () => {
    const { path } = await lesson();
    const asker = tech();
    const q = await ask(path, asker, 'Mensagem que será ocultada');
    const r = LessonReply.parse((await http().post(`/api/lesson-questions/${q.id}/replies`).set(tech().headers).send({ body: 'Propaganda fora do assunto' }).expect(201)).body);

    const hidden = (await http().post(`/api/admin/lesson-question-replies/${r.id}/hide`).set(admin).expect(200)).body as LessonQuestion;
    expect(hidden.replies.find((x) => x.id === r.id)!.hidden).toBe(true);
    let seen = LessonQuestion.array().parse((await http().get(path).set(asker.headers).expect(200)).body);
    expect(seen[0]!.replies).toEqual([]);

    await http().post(`/api/admin/lesson-questions/${q.id}/hide`).set(admin).expect(200);
    seen = LessonQuestion.array().parse((await http().get(path).set(asker.headers).expect(200)).body);
    expect(seen).toEqual([]);
    await http().post(`/api/lesson-questions/${q.id}/replies`).set(tech().headers).send({ body: 'Resposta a uma oculta' }).expect(404);
    await http().post(`/api/admin/lesson-questions/${q.id}/show`).set(admin).expect(200);
    expect((await http().get(path).set(asker.headers).expect(200)).body).toHaveLength(1);

    await http().delete(`/api/admin/lesson-questions/${q.id}`).set(admin).expect(200, { success: true });
    expect((await http().get(path).set(asker.headers).expect(200)).body).toEqual([]);
    await http().delete(`/api/admin/lesson-questions/${q.id}`).set(admin).expect(404);

    const onQuestion = await auditOf('lesson-questions', q.id);
    expect(onQuestion.map((a) => a.action).sort()).toEqual(['delete', 'hide', 'show']);
    expect(onQuestion.find((a) => a.action === 'delete')).toMatchObject({ service: 'courses', actor_id: '1', before: expect.objectContaining({ id: q.id, body: 'Mensagem que será ocultada' }) });
    expect(onQuestion.find((a) => a.action === 'hide')).toMatchObject({ before: expect.objectContaining({ hidden: false }), after: expect.objectContaining({ hidden: true }) });
    const onReply = await auditOf('lesson-question-replies', r.id);
    expect(onReply.map((a) => a.action)).toEqual(['hide']);
  });

  it('authors edit and delete their own messages within the window only', async () => {
    const { path } = await lesson();
    const asker = tech();
    const other = tech();
    const q = await ask(path, asker, 'Primeira versão da dúvida');
    expect(q.editable_until).not.toBeNull();
    const edited = LessonQuestion.parse((await http().patch(`/api/lesson-questions/${q.id}`).set(asker.headers).send({ body: 'Versão corrigida da dúvida' }).expect(200)).body);
    expect(edited).toMatchObject({ body: 'Versão corrigida da dúvida' });
    expect(edited.edited_at).not.toBeNull();
    await http().patch(`/api/lesson-questions/${q.id}`).set(other.headers).send({ body: 'Não é minha' }).expect(403, { error: 'Você só pode alterar as suas próprias mensagens' });
    await http().delete(`/api/lesson-questions/${q.id}`).set(other.headers).expect(403);

    const r = LessonReply.parse((await http().post(`/api/lesson-questions/${q.id}/replies`).set(other.headers).send({ body: 'Resposta inicial' }).expect(201)).body);
    await http().patch(`/api/lesson-question-replies/${r.id}`).set(other.headers).send({ body: 'Resposta revisada' }).expect(200);
    await http().patch(`/api/lesson-question-replies/${r.id}`).set(asker.headers).send({ body: 'Mexendo na dos outros' }).expect(403);

    // past the window (the messages were posted 16 minutes ago)
    await ds.query(`UPDATE courses.lesson_question SET created_at = created_at - interval '16 minutes' WHERE id = $1`, [q.id]);
    await ds.query(`UPDATE courses.lesson_question_reply SET created_at = created_at - interval '16 minutes' WHERE id = $1`, [r.id]);
    const late = /O prazo para editar ou excluir esta mensagem terminou/;
    expect((await http().patch(`/api/lesson-questions/${q.id}`).set(asker.headers).send({ body: 'Tarde demais' }).expect(403)).body.error).toMatch(late);
    expect((await http().delete(`/api/lesson-questions/${q.id}`).set(asker.headers).expect(403)).body.error).toMatch(late);
    expect((await http().delete(`/api/lesson-question-replies/${r.id}`).set(other.headers).expect(403)).body.error).toMatch(late);
    const listed = LessonQuestion.array().parse((await http().get(path).set(asker.headers).expect(200)).body);
    expect(listed[0]).toMatchObject({ id: q.id, editable_until: null, body: 'Versão corrigida da dúvida' });

    // within the window a delete removes it
    const fresh = await ask(path, tech(), 'Pergunta enviada por engano');
    const author = tech('x', { id: (await ds.query(`SELECT user_id FROM courses.lesson_question WHERE id = $1`, [fresh.id]))[0].user_id });
    await http().delete(`/api/lesson-questions/${fresh.id}`).set(author.headers).expect(200, { success: true });
    await http().patch(`/api/lesson-questions/${fresh.id}`).set(author.headers).send({ body: 'Já excluída' }).expect(404);
  });

  it('rate limits: past the questions and replies allowed per hour, 429', async () => {
    const { path } = await lesson();
    const busy = tech();
    for (let i = 0; i < 3; i++) await ask(path, busy, `Dúvida número ${i + 1} sobre o vácuo`);
    const res = await http().post(path).set(busy.headers).send({ body: 'Mais uma dúvida' }).expect(429);
    expect(res.body.error).toMatch(/muitas dúvidas/);
    // another technician is not affected
    const q = await ask(path, tech());
    for (let i = 0; i < 4; i++) await http().post(`/api/lesson-questions/${q.id}/replies`).set(busy.headers).send({ body: `Resposta ${i + 1}` }).expect(201);
    await http().post(`/api/lesson-questions/${q.id}/replies`).set(busy.headers).send({ body: 'Resposta demais' }).expect(429);
    // instructors are not limited
    for (let i = 0; i < 5; i++) await http().post(`/api/admin/lesson-questions/${q.id}/replies`).set(admin).send({ body: `Orientação ${i + 1}` }).expect(201);
  });

  it('a photo: images only, checked by their bytes, at most 5 MB, served to subscribers', async () => {
    const { path } = await lesson();
    const asker = tech();
    const q = await ask(path, asker, 'O display mostra este código, o que significa?');
    const withPhoto = LessonQuestion.parse((await http().put(`/api/lesson-questions/${q.id}/photo`).set(asker.headers).attach('photo', PNG, 'display.png').expect(200)).body);
    expect(withPhoto.photo_url).toBe(`/api/lesson-questions/${q.id}/photo`);
    const got = await http().get(withPhoto.photo_url!).set(tech().headers).buffer(true).expect(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.body as Buffer, PNG)).toBe(0);

    await http()
      .put(`/api/lesson-questions/${q.id}/photo`)
      .set(asker.headers)
      .attach('photo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), { filename: 'foto.png', contentType: 'image/png' })
      .expect(400, { error: 'A foto deve ser uma imagem JPEG, PNG ou WebP' });
    await http()
      .put(`/api/lesson-questions/${q.id}/photo`)
      .set(asker.headers)
      .attach('photo', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'grande.png')
      .expect(413);
    await http().put(`/api/lesson-questions/${q.id}/photo`).set(tech().headers).attach('photo', PNG, 'x.png').expect(403);
    // the first photo is still there
    await http().get(withPhoto.photo_url!).set(asker.headers).expect(200);
  });

  it('the asker is e-mailed when someone else answers, never for their own reply', async () => {
    const { me } = await registerUser(auth, { name: 'Paulo Henrique Dias' });
    const asker = tech('Paulo Henrique Dias', { id: me.id });
    const { path } = await lesson();
    const q = await ask(path, asker, 'O compressor arma e desarma no térmico, pode ser o capacitor?');
    await http().post(`/api/lesson-questions/${q.id}/replies`).set(asker.headers).send({ body: 'Complementando: o capacitor é de 35 µF.' }).expect(201);
    await http().post(`/api/admin/lesson-questions/${q.id}/replies`).set(admin).send({ body: 'Meça a capacitância com o capacitor descarregado; <b>tolerância</b> de 5 %.' }).expect(201);

    const got = await mail.waitFor(me.email, /Nova resposta à sua dúvida/);
    expect(got.subject).toBe('Nova resposta à sua dúvida: Superaquecimento e subresfriamento');
    expect(got.text).toContain('O instrutor (Equipe Clima Pro) respondeu à sua dúvida');
    expect(got.text).toContain('<b>tolerância</b>');
    expect(got.html).not.toContain('<b>tolerância</b>');
    expect(got.text).toContain(`http://localhost:8080/course/${q.course_id}?lesson=${q.lesson_id}#duvidas`);
    // the asker's own reply sent nothing: one message only
    const all = (await mail.messages(me.email)).filter((m) => /Nova resposta/.test(m.subject));
    expect(all).toHaveLength(1);
  });

  it('LGPD: questions and replies are in the export; a deleted account leaves them as "Usuário removido", photos deleted', async () => {
    const { path } = await lesson();
    const who = tech('Fernanda Alves');
    const q = await ask(path, who, 'Minha dúvida com foto');
    await http().put(`/api/lesson-questions/${q.id}/photo`).set(who.headers).attach('photo', PNG, 'foto.png').expect(200);
    const other = await ask(path, tech(), 'Dúvida de outra pessoa');
    await http().post(`/api/lesson-questions/${other.id}/replies`).set(who.headers).send({ body: 'Minha resposta' }).expect(201);

    const exported: CoursesExport = await app.get(UserExportService).export(who.id);
    expect(exported.lesson_questions).toEqual([expect.objectContaining({ id: q.id, body: 'Minha dúvida com foto', has_photo: true, lesson_title: 'Superaquecimento e subresfriamento' })]);
    expect(exported.lesson_replies).toEqual([expect.objectContaining({ question_id: other.id, body: 'Minha resposta' })]);
    const [{ photo_key }] = await ds.query(`SELECT photo_key FROM courses.lesson_question WHERE id = $1`, [q.id]);
    expect(existsSync(join(storageDir, photo_key))).toBe(true);

    // the account's deletion, as auth announces it
    await app.get(EventBus).publish('user.deleted', { userId: who.id });
    const until = Date.now() + 15_000;
    while ((await ds.query(`SELECT 1 FROM courses.lesson_question WHERE id = $1 AND author_removed_at IS NOT NULL`, [q.id])).length === 0) {
      if (Date.now() > until) throw new Error('user.deleted never handled');
      await new Promise((r) => setTimeout(r, 100));
    }
    const listed = LessonQuestion.array().parse((await http().get(path).set(tech().headers).expect(200)).body);
    expect(listed.find((x) => x.id === q.id)).toMatchObject({ author_name: 'Usuário removido', body: 'Minha dúvida com foto', photo_url: null });
    expect(listed.find((x) => x.id === other.id)!.replies[0]).toMatchObject({ author_name: 'Usuário removido', body: 'Minha resposta' });
    expect(existsSync(join(storageDir, photo_key))).toBe(false);
    expect(await app.get(UserExportService).export(who.id)).toMatchObject({ lesson_questions: [], lesson_replies: [] });
    expect(await ds.query(`SELECT count(*)::int AS n FROM courses.lesson_question WHERE user_id = $1`, [who.id])).toEqual([{ n: 0 }]);
  });
});
