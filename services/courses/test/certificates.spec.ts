import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AUDIT_QUEUE, type AuditRecord, ask, bullConnection, createRpcClient, EventBus, rpcPattern, signedIdentityHeaders } from '@clima/common';
import { AdminCertificate, Certificate, CoursesExport, formatCertificateCode, normalizeCertificateCode, PublicCertificate, slugify, USER_EXPORT_QUERY, workloadLabel } from '@clima/contract';
import { Queue } from 'bullmq';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFStream } from 'pdf-lib';
import { DataSource } from 'typeorm';
import { newCertificateCode, workloadHours, workloadMinutes } from '../src/certificates/certificate-code';
import { CertificatesService } from '../src/certificates/certificates.service';
import { admin, anonymous, buildApp, Factory, unique } from './helpers';

/** Polls until `check` gives a value (events are handled by the service's own consumer, asynchronously). */
async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Holder {
  id: string;
  email: string;
  name: string;
  headers: Record<string, string>;
}

/** An active subscriber with a name (as the gateway's identity carries it). */
function holder(name = `Técnica ${unique()}`, opts: { isAdmin?: boolean } = {}): Holder {
  const id = unique('email_');
  const email = `${id}@exemplo.com.br`;
  const headers = signedIdentityHeaders({
    user: { id, email, name, subscriptionStatus: 'active', isAdmin: !!opts.isAdmin },
    admin: opts.isAdmin ? { id: `user:${id}`, username: email } : null,
  });
  return { id, email, name, headers };
}

/** The text a PDF shows (the strings of its page's text operators, one per line) and its first page's size. */
async function pdfText(bytes: Buffer): Promise<{ pages: number; width: number; height: number; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const lines: string[] = [];
  for (const stream of streams) {
    const data = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : (stream as PDFStream).getContents();
    const ops = Buffer.from(data).toString('latin1');
    // the standard fonts are WinAnsi: every Portuguese letter is its Latin-1 byte
    for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
  }
  const { width, height } = page.getSize();
  return { pages: doc.getPageCount(), width, height, text: lines.join('\n') };
}

const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('course certificates', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  let ds: DataSource;
  let bus: EventBus;
  let audit: Queue<AuditRecord>;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await buildApp({ rpc: true });
    await app.startAllMicroservices();
    make = new Factory(app);
    ds = app.get(DataSource);
    bus = app.get(EventBus);
    audit = new Queue<AuditRecord>(AUDIT_QUEUE, { connection: bullConnection(process.env.REDIS_URL!), prefix: process.env.KEY_PREFIX });
  });
  afterAll(async () => {
    await audit.close();
    await app.close();
  });

  /** A published course whose lessons last `seconds` each (the workload adds them up). */
  async function course(seconds: number[], title = `Instalação de split ${unique()}`) {
    const c = await make.course({ title });
    const lessons = [];
    for (const s of seconds) lessons.push(await make.lesson(c.id, { duration_seconds: s }));
    return { course: c, lessons };
  }

  /**
   * Watches the whole of a lesson as a player would: a first report, then, as if the lesson's own duration had
   * passed since it, the whole video (the pace limit counts from the first report).
   */
  async function watch(courseId: number, lessonId: number, who: Holder) {
    const [{ duration_seconds: d }] = await ds.query(`SELECT duration_seconds FROM courses.lesson WHERE id = $1`, [lessonId]);
    const path = `/api/courses/${courseId}/lessons/${lessonId}/position`;
    await http().put(path).set(who.headers).send({ position: 0, duration: d, watched: [] }).expect(200);
    await ds.query(`UPDATE courses.lesson_watch SET created_at = now() - make_interval(secs => $3) WHERE user_id = $1 AND lesson_id = $2`, [who.id, lessonId, d]);
    const res = await http().put(path).set(who.headers).send({ position: d, duration: d, watched: [[0, d]] }).expect(200);
    expect(res.body.completed).toBe(1);
  }

  /** The auth service's fact about the user's name, heard by the service's consumer. */
  async function nameKnown(who: Holder) {
    await bus.publish('user.upserted', { userId: who.id, email: who.email, name: who.name, createdAt: new Date().toISOString() });
    await eventually(async () => (await ds.query(`SELECT 1 FROM courses.user_profile WHERE user_id = $1`, [who.id]))[0], 'profile stored');
  }

  async function certificateOf(who: Holder, courseId: number): Promise<Certificate> {
    return eventually(async () => {
      const res = await http().get('/api/certificates').set(who.headers).expect(200);
      return (res.body as Certificate[]).find((c) => c.course_id === courseId);
    }, 'certificate issued');
  }

  async function auditJobs(code: string): Promise<AuditRecord[]> {
    const jobs = await audit.getJobs(['waiting', 'active', 'completed', 'delayed', 'failed', 'prioritized']);
    return jobs.map((j) => j.data).filter((r) => r.entity === 'certificates' && r.record_id === code);
  }

  it('issues one certificate when every lesson is completed, however often course.completed is delivered', async () => {
    const who = holder('Maria José da Conceição');
    await nameKnown(who);
    const { course: c, lessons } = await course([5400, 1800]);
    await watch(c.id, lessons[0]!.id, who);
    await http().get('/api/certificates').set(who.headers).expect(200, []);
    await watch(c.id, lessons[1]!.id, who);

    const cert = await certificateOf(who, c.id);
    expect(Certificate.parse(cert)).toEqual({
      code: expect.stringMatching(/^[2-9A-HJ-NP-Z]{12}$/),
      course_id: c.id,
      course_title: c.title,
      workload_hours: 2,
      workload_minutes: 120,
      assessment_score: null,
      issued_at: expect.any(String),
      revoked_at: null,
      status: 'valid',
    });

    // the fact again: republished under new ids, and handed to the handler twice at once
    const fact = { userId: who.id, courseId: c.id, at: new Date().toISOString() };
    await bus.publish('course.completed', fact);
    await bus.publish('course.completed', fact);
    const service = app.get(CertificatesService);
    const again = await Promise.all([service.issueOnCompletion(fact), service.issueOnCompletion(fact)]);
    expect(again.map((r) => r?.code)).toEqual([cert.code, cert.code]);
    await eventually(async () => (await bus.queue('courses').getJobCounts('waiting', 'active', 'delayed')).waiting === 0, 'queue drained');
    await new Promise((r) => setTimeout(r, 500));
    const rows = await ds.query(`SELECT code, holder_name FROM courses.certificate WHERE user_id = $1`, [who.id]);
    expect(rows).toEqual([{ code: cert.code, holder_name: 'Maria José da Conceição' }]);

    // the issue is in the audit log once (same record id on every delivery), as the holder's act
    const issued = await auditJobs(cert.code);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      service: 'courses',
      action: 'issue',
      entity: 'certificates',
      record_id: cert.code,
      actor_id: `user:${who.id}`,
      actor_name: who.email,
      before: null,
      after: { code: cert.code, holder_name: 'Maria José da Conceição', course_title: c.title, workload_hours: 2, status: 'valid' },
    });

    // the holder is e-mailed once (through auth, which knows the address), however often the fact came
    const mails = await eventually(async () => {
      const jobs = await bus.queue('auth').getJobs(['waiting', 'active', 'completed', 'delayed', 'failed', 'prioritized']);
      const mine = jobs.filter((j) => j.name === 'user.mail' && j.data.payload?.userId === who.id);
      return mine.length > 0 ? mine : undefined;
    }, 'certificate e-mail queued for auth');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.payload.mail).toMatchObject({
      title: 'Seu certificado está pronto',
      subject: `Certificado emitido: ${c.title}`,
      action: { label: 'Ver o certificado', url: expect.stringMatching(new RegExp(`/certificados/${cert.code}$`)) },
    });
    expect(mails[0]!.data.payload.mail.paragraphs.join(' ')).toContain(`Código de verificação: ${cert.code}`);
  });

  it('issues nothing while a lesson is missing, nor for an unknown course', async () => {
    const who = holder();
    const { course: c, lessons } = await course([600, 600]);
    await watch(c.id, lessons[0]!.id, who);
    const service = app.get(CertificatesService);
    expect(await service.issueOnCompletion({ userId: who.id, courseId: c.id, at: new Date().toISOString() })).toBeNull();
    expect(await service.issueOnCompletion({ userId: who.id, courseId: 2_000_000_000, at: new Date().toISOString() })).toBeNull();
    expect(await ds.query(`SELECT code FROM courses.certificate WHERE user_id = $1`, [who.id])).toEqual([]);
  });

  it('the PDF: landscape A4 with the name, the course, the workload, the date and the code; only for its holder', async () => {
    const who = holder('João Pedro Araújo');
    await nameKnown(who);
    const { course: c, lessons } = await course([3000], `Vácuo e estanqueidade ${unique()}`);
    await watch(c.id, lessons[0]!.id, who);
    const cert = await certificateOf(who, c.id);

    const res = await http().get(`/api/certificates/${cert.code}/pdf`).set(who.headers).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificado-${slugify(c.title)}-${cert.code}.pdf"`);
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await pdfText(body);
    expect(pdf).toMatchObject({ pages: 1, width: 841.89, height: 595.28 });
    const day = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Sao_Paulo' }).format(new Date(cert.issued_at));
    for (const part of ['Certificado de conclusão', 'João Pedro Araújo', 'concluiu o curso', c.title, 'carga horária de 50 minutos', day, formatCertificateCode(cert.code)]) {
      expect(pdf.text).toContain(part);
    }
    expect(pdf.text).toContain(`/certificados/${cert.code}`);
    // the same certificate gives the same document
    const twice = await http().get(`/api/certificates/${cert.code}/pdf`).set(who.headers).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(twice.body as Buffer, body)).toBe(0);

    // anyone else's code answers like an unknown one; anonymous callers are asked to sign in
    const other = holder();
    await http().get(`/api/certificates/${cert.code}/pdf`).set(other.headers).expect(404, { error: 'Certificado não encontrado.' });
    await http().get(`/api/certificates/${cert.code}/pdf`).set(anonymous).expect(401);
    await http().get(`/api/certificates/NAOEXISTE/pdf`).set(who.headers).expect(404, { error: 'Certificado não encontrado.' });
    // an end user with the administrator flag, and the administrators' own route
    await http().get(`/api/certificates/${cert.code}/pdf`).set(holder('Gestora', { isAdmin: true }).headers).expect(200);
    const adminPdf = await http().get(`/api/admin/certificates/${cert.code}/pdf`).set(admin).buffer(true).parse(binary).expect(200);
    expect((await pdfText(adminPdf.body as Buffer)).text).toContain('João Pedro Araújo');
    await http().get(`/api/admin/certificates/${cert.code}/pdf`).set(who.headers).expect(403);
  });

  it('the PDF is kept once made and served from the kept copy; a change it shows (revocation) makes it again', async () => {
    const who = holder('Marta Guedes');
    await nameKnown(who);
    const { course: c, lessons } = await course([3000], `Carga de gás ${unique()}`);
    await watch(c.id, lessons[0]!.id, who);
    const cert = await certificateOf(who, c.id);
    const first = await http().get(`/api/certificates/${cert.code}/pdf`).set(who.headers).buffer(true).parse(binary).expect(200);
    const [kept] = (await ds.query(`SELECT pdf FROM courses.certificate_pdf WHERE code = $1`, [cert.code])) as { pdf: Buffer }[];
    expect(Buffer.compare(kept!.pdf, first.body as Buffer)).toBe(0);
    // what is served is the kept copy, not a new rendering: a marker written into it comes back
    const marked = Buffer.concat([kept!.pdf, Buffer.from('\n% copia guardada\n')]);
    await ds.query(`UPDATE courses.certificate_pdf SET pdf = $2 WHERE code = $1`, [cert.code, marked]);
    const again = await http().get(`/api/certificates/${cert.code}/pdf`).set(who.headers).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(again.body as Buffer, marked)).toBe(0);
    // revoked: the administrators' copy carries the stamp, made from the new facts
    await http().post(`/api/admin/certificates/${cert.code}/revoke`).set(admin).send({ reason: 'Teste' });
    const stamped = await http().get(`/api/admin/certificates/${cert.code}/pdf`).set(admin).buffer(true).parse(binary).expect(200);
    expect((await pdfText(stamped.body as Buffer)).text).toContain('REVOGADO');
  });

  it('public verification: valid, unknown, any spelling of the code; never the e-mail or the user id', async () => {
    const who = holder('Ana Paula Ribeiro');
    await nameKnown(who);
    const { course: c, lessons } = await course([7200, 3600]);
    await watch(c.id, lessons[0]!.id, who);
    await watch(c.id, lessons[1]!.id, who);
    const cert = await certificateOf(who, c.id);

    const res = await http().get(`/api/public/certificates/${cert.code}`).set(anonymous).expect(200);
    expect(PublicCertificate.parse(res.body)).toEqual({
      code: cert.code,
      holder_name: 'Ana Paula Ribeiro',
      course_title: c.title,
      workload_hours: 3,
      workload_minutes: 180,
      assessment_score: null,
      issued_at: cert.issued_at,
      status: 'valid',
      revoked_at: null,
      holder_deleted: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(who.id);
    expect(JSON.stringify(res.body)).not.toContain(who.email);
    // printed in groups, typed in lower case, or with spaces: the same certificate
    await http().get(`/api/public/certificates/${formatCertificateCode(cert.code).toLowerCase()}`).expect(200);
    await http().get(`/api/public/certificates/${encodeURIComponent(formatCertificateCode(cert.code).replace(/-/g, ' '))}`).expect(200);
    for (const code of [newCertificateCode(), 'abc', '0OI1ABCDEFGH', 'x'.repeat(300), "' OR 1=1 --"]) {
      await http().get(`/api/public/certificates/${encodeURIComponent(code)}`).expect(404, { error: 'Certificado não encontrado.' });
    }
  });

  it('an administrator lists, searches and revokes; the page then says revoked, the PDF is refused, the audit log has both sides', async () => {
    const who = holder('Roberto Carlos Mendes');
    await nameKnown(who);
    const { course: c, lessons } = await course([1800], `Brasagem de tubulação ${unique()}`);
    await watch(c.id, lessons[0]!.id, who);
    const cert = await certificateOf(who, c.id);

    for (const search of ['roberto carlos', who.email.toUpperCase(), 'BRASAGEM DE TUBULACAO', formatCertificateCode(cert.code).toLowerCase()]) {
      const found = await http().get('/api/admin/certificates').query({ search }).set(admin).expect(200);
      const mine = (found.body as AdminCertificate[]).filter((x) => x.code === cert.code);
      expect([search, mine.length]).toEqual([search, 1]);
      expect(AdminCertificate.parse(mine[0])).toMatchObject({ user_id: who.id, holder_name: 'Roberto Carlos Mendes', email: who.email, status: 'valid', holder_deleted: false });
    }
    await http().get('/api/admin/certificates').query({ search: 'x'.repeat(300) }).set(admin).expect(400);
    await http().get('/api/admin/certificates').set(who.headers).expect(403);
    await http().post(`/api/admin/certificates/${cert.code}/revoke`).set(who.headers).send({}).expect(403);
    await http().post(`/api/admin/certificates/${cert.code}/revoke`).set(anonymous).send({}).expect(401);
    const long = await http().post(`/api/admin/certificates/${cert.code}/revoke`).set(admin).send({ reason: 'x'.repeat(501) }).expect(400);
    expect(long.body).toEqual({ error: 'Motivo muito longo (no máximo 500 caracteres)' });
    await http().post(`/api/admin/certificates/NAOEXISTE2345/revoke`).set(admin).send({}).expect(404, { error: 'Certificado não encontrado.' });

    const revoked = await http().post(`/api/admin/certificates/${cert.code}/revoke`).set(admin).send({ reason: 'Conclusão registrada por engano' }).expect(200);
    expect(AdminCertificate.parse(revoked.body)).toMatchObject({ code: cert.code, status: 'revoked', revoked_reason: 'Conclusão registrada por engano', revoked_at: expect.any(String) });
    await http().post(`/api/admin/certificates/${cert.code}/revoke`).set(admin).send({}).expect(409, { error: 'Este certificado já está revogado.' });

    const page = await http().get(`/api/public/certificates/${cert.code}`).expect(200);
    expect(page.body).toMatchObject({ status: 'revoked', revoked_at: revoked.body.revoked_at, holder_name: 'Roberto Carlos Mendes', holder_deleted: false });
    expect(page.body).not.toHaveProperty('revoked_reason');
    await http().get(`/api/certificates/${cert.code}/pdf`).set(who.headers).expect(410, { error: 'Este certificado foi revogado e não pode mais ser baixado.' });
    const stamped = await http().get(`/api/admin/certificates/${cert.code}/pdf`).set(admin).buffer(true).parse(binary).expect(200);
    expect((await pdfText(stamped.body as Buffer)).text).toContain('REVOGADO');
    const mine = await http().get('/api/certificates').set(who.headers).expect(200);
    expect(mine.body).toEqual([expect.objectContaining({ code: cert.code, status: 'revoked', revoked_at: revoked.body.revoked_at })]);

    const records = await eventually(async () => {
      const r = await auditJobs(cert.code);
      return r.length === 2 ? r : undefined;
    }, 'revocation recorded');
    const revocation = records.find((r) => r.action === 'revoke')!;
    expect(revocation).toMatchObject({
      service: 'courses',
      entity: 'certificates',
      record_id: cert.code,
      actor_id: '1',
      actor_name: 'admin',
      method: 'POST',
      path: `/api/admin/certificates/${cert.code}/revoke`,
      status: 200,
      before: { status: 'valid', revoked_at: null },
      after: { status: 'revoked', revoked_reason: 'Conclusão registrada por engano' },
    });
    // the refused second revocation recorded nothing
    expect(records.filter((r) => r.action === 'revoke')).toHaveLength(1);
  });

  it('a name learnt after the issue fills the certificate; a later change of name does not rewrite it', async () => {
    const who = holder('Luciana Martins');
    const { course: c, lessons } = await course([900]);
    await watch(c.id, lessons[0]!.id, who);
    const code = await eventually(async () => (await ds.query(`SELECT code FROM courses.certificate WHERE user_id = $1`, [who.id]))[0]?.code as string | undefined, 'issued');
    // no user.upserted was heard: the certificate waits for a name
    expect((await http().get(`/api/public/certificates/${code}`).expect(200)).body.holder_name).toBeNull();
    // the holder's own visit gives it the name the gateway's identity carries
    await http().get('/api/certificates').set(who.headers).expect(200);
    expect((await http().get(`/api/public/certificates/${code}`).expect(200)).body.holder_name).toBe('Luciana Martins');
    // the auth service's later fact about a new name changes the profile, not the certificate
    await bus.publish('user.upserted', { userId: who.id, email: who.email, name: 'Luciana Martins Souza', createdAt: new Date().toISOString() });
    await eventually(async () => (await ds.query(`SELECT 1 FROM courses.user_profile WHERE user_id = $1 AND name = 'Luciana Martins Souza'`, [who.id]))[0], 'new name');
    expect((await http().get(`/api/public/certificates/${code}`).expect(200)).body.holder_name).toBe('Luciana Martins');
  });

  it('LGPD: the export carries the certificates; deleting the account keeps no personal data and the page says it is no longer valid', async () => {
    const who = holder('Sandra Nogueira');
    await nameKnown(who);
    const { course: c, lessons } = await course([2400]);
    await watch(c.id, lessons[0]!.id, who);
    const cert = await certificateOf(who, c.id);

    const client = createRpcClient(process.env.REDIS_URL!);
    try {
      const exported = CoursesExport.parse(await ask(client, rpcPattern('courses', USER_EXPORT_QUERY), { userId: who.id }, 5000));
      expect(exported.profile).toEqual({ name: 'Sandra Nogueira', email: who.email });
      expect(exported.certificates).toEqual([
        { ...cert, holder_name: 'Sandra Nogueira', verify_url: expect.stringMatching(new RegExp(`/certificados/${cert.code}$`)) },
      ]);
    } finally {
      await client.close();
    }

    await bus.publish('user.deleted', { userId: who.id });
    const page = await eventually(async () => {
      const res = await http().get(`/api/public/certificates/${cert.code}`).expect(200);
      return res.body.holder_deleted ? (res.body as PublicCertificate) : undefined;
    }, 'certificate anonymised');
    expect(page).toMatchObject({ code: cert.code, holder_name: null, status: 'revoked', revoked_at: expect.any(String), holder_deleted: true });
    const [row] = await ds.query(`SELECT user_id, holder_name, revoked_reason FROM courses.certificate WHERE code = $1`, [cert.code]);
    expect(row).toEqual({ user_id: null, holder_name: null, revoked_reason: null });
    expect(await ds.query(`SELECT 1 FROM courses.user_profile WHERE user_id = $1`, [who.id])).toEqual([]);
    const [listed] = (await http().get('/api/admin/certificates').query({ search: cert.code }).set(admin).expect(200)).body as AdminCertificate[];
    expect(listed).toMatchObject({ user_id: null, holder_name: null, email: null, status: 'revoked', holder_deleted: true });

    // facts about the deleted account that arrive late store nothing
    const service = app.get(CertificatesService);
    await service.upsertProfile({ userId: who.id, email: who.email, name: who.name, createdAt: new Date().toISOString() }, new Date());
    expect(await ds.query(`SELECT 1 FROM courses.user_profile WHERE user_id = $1`, [who.id])).toEqual([]);
    expect(await service.issueOnCompletion({ userId: who.id, courseId: c.id, at: new Date().toISOString() })).toBeNull();
    expect(await ds.query(`SELECT count(*)::int AS n FROM courses.certificate WHERE course_id = $1`, [c.id])).toEqual([{ n: 1 }]);
    // deleting twice changes nothing
    expect(await service.removeUser(who.id)).toBe(0);
  });

  it('codes are 12 unambiguous characters; the workload is what the lessons last, to the nearest minute', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newCertificateCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
    expect(normalizeCertificateCode(' 7kqm-x2pa-9htr ')).toBe('7KQMX2PA9HTR');
    expect(normalizeCertificateCode('7KQM-X2PA-9HT0')).toBeNull();
    expect(formatCertificateCode('7KQMX2PA9HTR')).toBe('7KQM-X2PA-9HTR');
    expect([0, 60, 5399, 5400, 12 * 3600 + 1799, 12 * 3600 + 1800].map(workloadHours)).toEqual([0, 0, 1, 2, 12, 13]);
    expect([0, 29, 60, 89, 3000, 8100].map(workloadMinutes)).toEqual([1, 1, 1, 1, 50, 135]);
    // a one-minute course no longer prints one hour; certificates issued before the minutes were kept say their hours
    const printed = ([h, min]: [number, number | null]) => workloadLabel(h, min);
    expect(
      (
        [
          [0, 1],
          [0, 45],
          [1, 60],
          [2, 135],
          [3, 180],
          [2, null],
          [1, null],
        ] as [number, number | null][]
      ).map(printed),
    ).toEqual(['1 minuto', '45 minutos', '1 hora', '2 horas e 15 minutos', '3 horas', '2 horas', '1 hora']);
  });
});
