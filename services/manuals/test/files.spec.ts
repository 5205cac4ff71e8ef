import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { pdfBytes } from '../../../packages/storage/src/testing/fixtures';
import { startS3Server } from '../../../packages/storage/src/testing/s3-server';
import { as, buildApp, createManual, uid } from './helpers';

const MAX = 64 * 1024;
const NAME_RE = /^\/api\/files\/manuals\/[a-z0-9]+\.pdf$/;

describe('PDF upload and serving (local disk)', () => {
  let app: NestFastifyApplication;
  let dir: string;
  const upload = (body: Buffer, filename = 'manual.pdf', headers = as.admin) =>
    request(app.getHttpServer()).post('/api/admin/upload-manual').set(headers).attach('file', body, { filename, contentType: 'application/pdf' });
  const stored = async () => (await readdir(join(dir, 'manuals')).catch(() => [] as string[])).filter((f) => !f.endsWith('.part'));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clima-manuals-'));
    app = await buildApp({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir, MANUAL_MAX_BYTES: String(MAX) });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a PDF and answers its address and size; a manual made with it records the size', async () => {
    const res = await upload(pdfBytes(20_000)).expect(201);
    expect(res.body).toEqual({ url: expect.stringMatching(NAME_RE), file_size: 20_000 });
    expect(await stored()).toContain(res.body.url.split('/').pop());
    const manual = await createManual(app, { title: 'Manual de Serviço Enviado', manufacturer_name: `Upload ${uid()}`, model_name: 'M', file_url: res.body.url });
    expect(manual).toMatchObject({ file_url: res.body.url, file_size: 20_000 });
    const dl = await request(app.getHttpServer()).post(`/api/manuals/${manual.id}/download`).set(as.subscriber()).expect(200);
    expect(dl.body).toEqual({ url: res.body.url, file_url: res.body.url, external_url: null, filename: 'Manual de Serviço Enviado.pdf' });
  });

  it('refuses a file that is not a PDF by its bytes, whatever its name, and keeps nothing', async () => {
    const before = await stored();
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2000, 1)]);
    for (const body of [png, Buffer.from('apenas texto, não é um PDF'), Buffer.from('%PD')]) {
      const res = await upload(body, 'manual.pdf').expect(400);
      expect(res.body).toEqual({ error: 'Por favor, selecione apenas arquivos PDF' });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a PDF over MANUAL_MAX_BYTES with a 413 and keeps nothing', async () => {
    const before = await stored();
    let res = await upload(pdfBytes(MAX + 10_000)).expect(413);
    expect(res.body).toEqual({ error: 'O arquivo é muito grande. Tamanho máximo: 64KB' });
    res = await upload(pdfBytes(MAX + 2 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('refuses a request without the file or not multipart with a 400; only admins may upload', async () => {
    let res = await request(app.getHttpServer()).post('/api/admin/upload-manual').set(as.admin).attach('other', pdfBytes(100), 'x.pdf').expect(400);
    expect(res.body).toEqual({ error: 'Nenhum arquivo enviado (campo "file")' });
    res = await request(app.getHttpServer()).post('/api/admin/upload-manual').set(as.admin).send({ file: 'x' }).expect(400);
    expect(res.body).toEqual({ error: 'Envie o PDF como multipart/form-data no campo "file"' });
    await upload(pdfBytes(100), 'x.pdf', as.anonymous).expect(401);
    await upload(pdfBytes(100), 'x.pdf', as.subscriber()).expect(403);
  });

  it('an address of the upload that is not stored cannot become a manual', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/admin/manuals')
      .set(as.admin)
      .send({ title: 'T', manufacturer_name: `Sem Arquivo ${uid()}`, model_name: 'M', file_url: '/api/files/manuals/0123456789abcdef0123456789abcdef.pdf' })
      .expect(400);
    expect(res.body).toEqual({ error: 'O arquivo enviado não foi encontrado. Envie o PDF novamente.' });
  });

  it('serves a published manual’s PDF to active subscribers only', async () => {
    const { body: up } = await upload(pdfBytes(3000)).expect(201);
    const name = up.url.split('/').pop();
    const manual = await createManual(app, { title: 'Catálogo de Peças X', manufacturer_name: `Servir ${uid()}`, model_name: 'M', file_url: up.url });
    const get = (headers: Record<string, string>, n = name) => request(app.getHttpServer()).get(`/api/files/manuals/${n}`).set(headers);
    const res = await get(as.subscriber()).expect(200);
    expect(res.headers['x-accel-redirect']).toBe(`/media/manuals/${name}`);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Catálogo de Peças X.pdf')}`);
    await get(as.anonymous).expect(401);
    await get(as.inactive()).expect(403);
    await get(as.subscriber(), '0123456789abcdef0123456789abcdef.pdf').expect(404);
    await get(as.subscriber(), 'NOME.pdf').expect(404);
    await get(as.subscriber(), '..%2f..%2fetc%2fpasswd').expect(404);
    // a draft's file is not served
    await request(app.getHttpServer()).put(`/api/admin/manuals/${manual.id}`).set(as.admin).send({ is_published: 0 }).expect(200);
    await get(as.subscriber()).expect(404);
  });

  it('removes the stored PDF when its manual is deleted or given another file', async () => {
    const first = (await upload(pdfBytes(1000)).expect(201)).body;
    const second = (await upload(pdfBytes(2000)).expect(201)).body;
    const manual = await createManual(app, { manufacturer_name: `Limpeza ${uid()}`, model_name: 'M', file_url: first.url });
    const edited = await request(app.getHttpServer()).put(`/api/admin/manuals/${manual.id}`).set(as.admin).send({ file_url: second.url }).expect(200);
    expect(edited.body).toMatchObject({ file_url: second.url, file_size: 2000 });
    expect(await stored()).not.toContain(first.url.split('/').pop());
    const external = await request(app.getHttpServer()).put(`/api/admin/manuals/${manual.id}`).set(as.admin).send({ file_url: 'https://fabricante.example/m.pdf' }).expect(200);
    expect(external.body).toMatchObject({ file_url: 'https://fabricante.example/m.pdf', file_size: null });
    expect(await stored()).not.toContain(second.url.split('/').pop());

    const third = (await upload(pdfBytes(1500)).expect(201)).body;
    const other = await createManual(app, { manufacturer_name: `Limpeza ${uid()}`, model_name: 'M', file_url: third.url });
    await request(app.getHttpServer()).delete(`/api/admin/manuals/${other.id}`).set(as.admin).expect(200);
    expect(await stored()).not.toContain(third.url.split('/').pop());
  });
});

describe('PDF upload and serving (S3)', () => {
  let app: NestFastifyApplication;
  let s3: Awaited<ReturnType<typeof startS3Server>>;

  beforeAll(async () => {
    s3 = await startS3Server('clima-manuals-test');
    const c = s3.config;
    app = await buildApp({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: c.endpoint,
      S3_REGION: c.region,
      S3_BUCKET: c.bucket,
      S3_ACCESS_KEY_ID: c.accessKeyId,
      S3_SECRET_ACCESS_KEY: c.secretAccessKey,
      MANUAL_MAX_BYTES: String(MAX),
    });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  it('streams the PDF to the bucket and redirects subscribers to a short-lived signed URL', async () => {
    const bytes = pdfBytes(30_000);
    const { body: up } = await request(app.getHttpServer())
      .post('/api/admin/upload-manual')
      .set(as.admin)
      .attach('file', bytes, { filename: 'servico.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(up).toEqual({ url: expect.stringMatching(NAME_RE), file_size: 30_000 });
    const manual = await createManual(app, { manufacturer_name: `S3 ${uid()}`, model_name: 'M', file_url: up.url });
    expect(manual.file_size).toBe(30_000);
    const res = await request(app.getHttpServer()).get(up.url).set(as.subscriber()).expect(302);
    const fetched = await fetch(res.headers.location!);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);

    const bad = await request(app.getHttpServer())
      .post('/api/admin/upload-manual')
      .set(as.admin)
      .attach('file', Buffer.from('não é pdf'), { filename: 'x.pdf', contentType: 'application/pdf' })
      .expect(400);
    expect(bad.body).toEqual({ error: 'Por favor, selecione apenas arquivos PDF' });
  });
});
