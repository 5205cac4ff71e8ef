import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { as, catalogApp, createCategory, createContent, unique } from './helpers';

describe('catalog contents', () => {
  let app: NestFastifyApplication;
  let http: ReturnType<NestFastifyApplication['getHttpServer']>;
  let ds: DataSource;
  beforeAll(async () => {
    app = await catalogApp();
    http = app.getHttpServer();
    ds = app.get(DataSource);
  });
  afterAll(() => app.close());

  describe('GET /api/contents', () => {
    it('lists published contents only, newest first, filtered by category slug', async () => {
      const cat = await createCategory(app);
      const older = await createContent(app, { category_id: cat.id });
      const draft = await createContent(app, { category_id: cat.id, is_published: 0 });
      const newer = await createContent(app, { category_id: cat.id });
      await createContent(app, { category_id: null });

      const res = await request(http).get('/api/contents').query({ category: cat.slug }).set(as.subscriber()).expect(200);
      expect(res.body.map((c: { id: number }) => c.id)).toEqual([newer.id, older.id]);
      expect(res.body[0]).toEqual({
        id: newer.id,
        title: newer.title,
        description: 'Descrição do vídeo',
        category_id: cat.id,
        category_name: cat.name,
        tags: '["split"]',
        video_url: 'https://youtu.be/abc123',
        video_file_url: null,
        video_orientation: 'horizontal',
        is_published: 1,
        views_count: 0,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(res.body.find((c: { id: number }) => c.id === draft.id)).toBeUndefined();
      expect((await request(http).get('/api/contents').query({ category: unique('nada-') }).expect(200)).body).toEqual([]);
    });

    it('searches title, description and tags without accents or case', async () => {
      const token = unique('x');
      const inTitle = await createContent(app, { title: `Refrigeração Comercial ${token}` });
      const inDescription = await createContent(app, { description: `Manutenção de CÂMARA FRIA ${token}` });
      const inTags = await createContent(app, { tags: JSON.stringify(['Pressão', token]) });
      await createContent(app, { title: `Refrigeração rascunho ${token}`, is_published: 0 });

      const search = async (text: string) =>
        (await request(http).get('/api/contents').query({ search: text }).set(as.subscriber()).expect(200)).body.map((c: { id: number }) => c.id);
      expect(await search(`refrigeracao comercial ${token}`)).toEqual([inTitle.id]);
      expect(await search(`camara fria ${token}`)).toEqual([inDescription.id]);
      expect(await search(token.toUpperCase())).toEqual([inTags.id, inDescription.id, inTitle.id]);
      const pressao = await search('PRESSAO');
      expect(pressao).toContain(inTags.id);
      // LIKE wildcards typed by the user are plain characters
      expect(await search(`%${token}`)).toEqual([]);
    });

    it('hides the video sources from callers without an active subscription', async () => {
      const c = await createContent(app, { title: unique('Oculto ') });
      for (const headers of [as.anonymous(), as.inactive()]) {
        const res = await request(http).get('/api/contents').query({ search: c.title }).set(headers).expect(200);
        expect(res.body).toEqual([{ ...c, video_url: null, video_file_url: null }]);
      }
    });

    it('answers 400 for an over-long search', async () => {
      const res = await request(http).get('/api/contents').query({ search: 'a'.repeat(300) }).expect(400);
      expect(res.body).toEqual({ error: 'Filtro muito longo' });
    });
  });

  describe('GET /api/contents/:id', () => {
    it('applies the access matrix with the content texts of spec 8', async () => {
      const c = await createContent(app);
      const anonymous = await request(http).get(`/api/contents/${c.id}`).expect(401);
      expect(anonymous.body).toEqual({ error: 'Você precisa estar logado para acessar este conteúdo' });
      for (const status of ['inactive', 'canceled', 'expired']) {
        const res = await request(http).get(`/api/contents/${c.id}`).set(as.user(status)).expect(403);
        expect(res.body.error).toEqual(expect.any(String));
      }
      const ok = await request(http).get(`/api/contents/${c.id}`).set(as.subscriber()).expect(200);
      expect(ok.body).toMatchObject({ id: c.id, title: c.title, views_count: 1 });
    });

    it('answers 404 for an unknown, unpublished or malformed id', async () => {
      const draft = await createContent(app, { is_published: 0 });
      for (const id of [draft.id, 2_000_000_000, 'abc', '1.5', '-1', '99999999999']) {
        const res = await request(http).get(`/api/contents/${id}`).set(as.subscriber()).expect(404);
        expect(res.body).toEqual({ error: 'Conteúdo não encontrado' });
      }
    });

    it('counts one view per user per São Paulo day, and records it in the daily figure', async () => {
      const c = await createContent(app);
      const today = async () =>
        Number((await ds.query(`SELECT coalesce((SELECT views FROM catalog.daily_views WHERE day = (now() AT TIME ZONE 'America/Sao_Paulo')::date), 0) AS v`))[0].v);
      const before = await today();
      const ana = as.subscriber(unique('email_'));
      const bia = as.subscriber(unique('google_'));
      expect((await request(http).get(`/api/contents/${c.id}`).set(ana).expect(200)).body.views_count).toBe(1);
      expect((await request(http).get(`/api/contents/${c.id}`).set(ana).expect(200)).body.views_count).toBe(1);
      expect((await request(http).get(`/api/contents/${c.id}`).set(bia).expect(200)).body.views_count).toBe(2);
      await Promise.all([1, 2, 3].map(() => request(http).get(`/api/contents/${c.id}`).set(bia).expect(200)));
      const rows = await ds.query(`SELECT user_id FROM catalog.content_views WHERE content_id = $1`, [c.id]);
      expect(rows).toHaveLength(2);
      // other specs may count views today too, so only a lower bound holds for the shared daily figure
      expect((await today()) - before).toBeGreaterThanOrEqual(2);
      const listed = await request(http).get('/api/contents').query({ search: c.title }).expect(200);
      expect(listed.body[0].views_count).toBe(2);
    });
  });

  describe('admin contents', () => {
    it('lists every content (drafts too) with search and category filter', async () => {
      const cat = await createCategory(app);
      const token = unique('adm');
      const draft = await createContent(app, { title: `Rascunho ${token}`, is_published: 0, category_id: cat.id });
      const pub = await createContent(app, { title: `Publicado ${token}`, category_id: cat.id });
      const res = await request(http).get('/api/admin/contents').query({ search: token, category: cat.slug }).set(as.admin()).expect(200);
      expect(res.body.map((c: { id: number }) => c.id)).toEqual([pub.id, draft.id]);
      expect(res.body[1]).toMatchObject({ is_published: 0, category_name: cat.name });
    });

    it('creates with the defaults and normalises tags (JSON text or array)', async () => {
      const created = await request(http)
        .post('/api/admin/contents')
        .set(as.admin())
        .send({ title: '  Troca de compressor  ', tags: [' compressor ', '', 'solda', 'compressor'] })
        .expect(201);
      expect(created.body).toMatchObject({
        title: 'Troca de compressor',
        description: null,
        category_id: null,
        category_name: null,
        tags: '["compressor","solda"]',
        video_url: null,
        video_file_url: null,
        video_orientation: 'horizontal',
        is_published: 0,
        views_count: 0,
      });
      const vertical = await createContent(app, {
        tags: '["Curto", "vertical"]',
        video_orientation: 'vertical',
        video_url: '<iframe width="315" height="560" src="https://www.youtube.com/embed/abc" allowfullscreen></iframe>',
        video_file_url: null,
      });
      expect(vertical).toMatchObject({ tags: '["Curto","vertical"]', video_orientation: 'vertical' });
    });

    it('updates the fields sent and keeps the others', async () => {
      const cat = await createCategory(app);
      const c = await createContent(app, { category_id: cat.id, tags: '["a","b"]' });
      const res = await request(http)
        .put(`/api/admin/contents/${c.id}`)
        .set(as.admin())
        .send({ title: 'Novo título', video_url: null, video_file_url: '/api/files/videos/0123456789abcdef0123456789abcdef.mp4', category_id: '' })
        .expect(200);
      expect(res.body).toMatchObject({
        id: c.id,
        title: 'Novo título',
        tags: '["a","b"]',
        category_id: null,
        category_name: null,
        video_url: null,
        video_file_url: '/api/files/videos/0123456789abcdef0123456789abcdef.mp4',
        is_published: 1,
      });
      await request(http).put('/api/admin/contents/2000000000').set(as.admin()).send({ title: 'x' }).expect(404);
    });

    it('toggles publication with a value, or flips it without one', async () => {
      const c = await createContent(app, { is_published: 0 });
      const url = `/api/admin/contents/${c.id}/toggle-published`;
      expect((await request(http).patch(url).set(as.admin()).send({ is_published: 1 }).expect(200)).body.is_published).toBe(1);
      await request(http).get(`/api/contents/${c.id}`).set(as.subscriber()).expect(200);
      expect((await request(http).patch(url).set(as.admin()).send({ is_published: 0 }).expect(200)).body.is_published).toBe(0);
      await request(http).get(`/api/contents/${c.id}`).set(as.subscriber()).expect(404);
      expect((await request(http).patch(url).set(as.admin()).send({}).expect(200)).body.is_published).toBe(1);
      expect((await request(http).patch(url).set(as.admin()).send({ is_published: 5 }).expect(400)).body).toEqual({ error: 'is_published deve ser 0 ou 1' });
      await request(http).patch('/api/admin/contents/abc/toggle-published').set(as.admin()).send({ is_published: 1 }).expect(404);
    });

    it('deletes a content and its view records', async () => {
      const c = await createContent(app);
      await request(http).get(`/api/contents/${c.id}`).set(as.subscriber()).expect(200);
      expect((await request(http).delete(`/api/admin/contents/${c.id}`).set(as.admin()).expect(200)).body).toEqual({ success: true });
      await request(http).delete(`/api/admin/contents/${c.id}`).set(as.admin()).expect(404);
      expect(await ds.query(`SELECT 1 FROM catalog.content_views WHERE content_id = $1`, [c.id])).toEqual([]);
    });

    it('refuses bad input with a Portuguese 400 and writes nothing', async () => {
      const token = unique('bad');
      const cases: [unknown, string][] = [
        [{}, 'Título é obrigatório'],
        [{ title: '   ' }, 'Título é obrigatório'],
        [{ title: 123 }, 'Título é obrigatório'],
        [{ title: 'x'.repeat(256) }, 'Título muito longo (máximo 255 caracteres)'],
        [{ title: token, category_id: 2_000_000_000 }, 'Categoria não encontrada'],
        [{ title: token, category_id: 'abc' }, 'Categoria não encontrada'],
        [{ title: token, tags: 'split, vácuo' }, 'Tags devem ser uma lista de textos (JSON)'],
        [{ title: token, tags: '[1,2]' }, 'Tags devem ser uma lista de textos (JSON)'],
        [{ title: token, video_url: '<script>alert(1)</script>' }, 'O vídeo deve ser um link (http/https) ou um código de incorporação <iframe> válido'],
        [{ title: token, video_url: '<iframe src="https://www.youtube.com/embed/x" onload="alert(1)"></iframe>' }, expect.stringContaining('<iframe>')],
        [{ title: token, video_url: '<iframe src="https://youtube.com/embed/x"></iframe><script>x</script>' }, expect.stringContaining('<iframe>')],
        [{ title: token, video_url: 'javascript:alert(1)' }, expect.stringContaining('<iframe>')],
        [{ title: token, video_url: `https://youtu.be/${'a'.repeat(5000)}` }, 'Código do vídeo muito longo (máximo 5000 caracteres)'],
        [{ title: token, video_file_url: '/api/files/videos/../../etc/passwd' }, 'Endereço do arquivo de vídeo inválido'],
        [{ title: token, video_orientation: 'diagonal' }, "Orientação do vídeo deve ser 'horizontal' ou 'vertical'"],
        [{ title: token, is_published: 'sim' }, 'is_published deve ser 0 ou 1'],
        [{ title: token, description: 'd'.repeat(10_001) }, 'Descrição muito longa'],
      ];
      for (const [body, error] of cases) {
        const res = await request(http).post('/api/admin/contents').set(as.admin()).send(body as object);
        expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { error } });
      }
      const c = await createContent(app);
      await request(http).put(`/api/admin/contents/${c.id}`).set(as.admin()).send({ title: 'ok', category_id: 2_000_000_000 }).expect(400);
      const malformed = await request(http).post('/api/admin/contents').set(as.admin()).set('Content-Type', 'application/json').send('{"title": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: expect.any(String) });
      const listed = await request(http).get('/api/admin/contents').query({ search: token }).set(as.admin()).expect(200);
      expect(listed.body).toEqual([]);
    });

    it('is closed to everyone but administrators', async () => {
      const c = await createContent(app);
      const calls = [
        () => request(http).get('/api/admin/contents'),
        () => request(http).post('/api/admin/contents').send({ title: 'x' }),
        () => request(http).put(`/api/admin/contents/${c.id}`).send({ title: 'x' }),
        () => request(http).patch(`/api/admin/contents/${c.id}/toggle-published`).send({ is_published: 0 }),
        () => request(http).delete(`/api/admin/contents/${c.id}`),
      ];
      for (const call of calls) {
        await call().set(as.anonymous()).expect(401);
        await call().set(as.inactive()).expect(403);
        await call().set(as.subscriber()).expect(403);
      }
      expect((await request(http).get(`/api/contents/${c.id}`).set(as.subscriber()).expect(200)).body.title).toBe(c.title);
    });
  });
});
