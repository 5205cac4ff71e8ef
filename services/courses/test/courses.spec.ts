import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Course } from '@clima/contract';
import { DataSource } from 'typeorm';
import { admin, anonymous, buildApp, Factory, unique, userHeaders } from './helpers';

describe('courses', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  const http = () => request(app.getHttpServer());
  const subscriber = userHeaders();
  beforeAll(async () => {
    app = await buildApp();
    make = new Factory(app);
  });
  afterAll(() => app.close());

  it('creates a course published by default, with the spec shape and computed figures', async () => {
    const cat = await make.category();
    const res = await http()
      .post('/api/admin/courses')
      .set(admin)
      .send({
        title: '  Vácuo Profissional  ',
        description: 'Vácuo em mícrons',
        course_category_id: String(cat.id),
        cover_image_url: 'https://cdn.exemplo.com.br/capa.jpg',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        video_file_url: null,
      })
      .expect(201);
    const course = Course.parse(res.body);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Vácuo Profissional',
      description: 'Vácuo em mícrons',
      course_category_id: cat.id,
      category_name: cat.name,
      category_slug: cat.slug,
      lessons_count: 0,
      total_duration: 0,
      cover_image_url: 'https://cdn.exemplo.com.br/capa.jpg',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      video_file_url: null,
      video_orientation: 'horizontal',
      is_published: 1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    await make.lesson(course.id, { duration_seconds: 90 });
    await make.lesson(course.id, { duration_seconds: 30 });
    const got = await http().get(`/api/courses/${course.id}`).set(subscriber).expect(200);
    expect(got.body).toMatchObject({ lessons_count: 2, total_duration: 120 });
  });

  it('answers 400 with a clear message for bad input, and writes nothing', async () => {
    const title = unique('Curso inválido ');
    const cases: [unknown, string][] = [
      [{}, 'Título é obrigatório'],
      [{ title: '' }, 'Título é obrigatório'],
      [{ title: ['a'] }, 'Título é obrigatório'],
      [{ title: 'x'.repeat(256) }, 'Título muito longo'],
      [{ title, cover_image_url: 'capa.jpg' }, 'URL da imagem de capa inválida'],
      [{ title, cover_image_url: 'javascript:alert(1)' }, 'URL da imagem de capa inválida'],
      [{ title, course_category_id: 999999999 }, 'Categoria de curso não encontrada'],
      [{ title, course_category_id: 'abc' }, 'Categoria inválida'],
      [{ title, course_category_id: 1.5 }, 'Categoria inválida'],
      [{ title, course_category_id: 99999999999 }, 'Categoria inválida'],
      [{ title, video_orientation: 'diagonal' }, 'Orientação de vídeo inválida'],
      [{ title, is_published: 2 }, 'is_published deve ser 0 ou 1'],
      [{ title, description: 'x'.repeat(10_001) }, 'Descrição muito longa'],
      [{ title, video_file_url: 'not a url' }, 'URL do arquivo de vídeo inválida'],
    ];
    for (const [body, error] of cases) {
      const res = await http().post('/api/admin/courses').set(admin).send(body as object);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error });
    }
    const malformed = await http().post('/api/admin/courses').set(admin).set('Content-Type', 'application/json').send('{"title": "a",');
    expect(malformed.status).toBe(400);
    const list = await http().get('/api/admin/courses').query({ search: title }).set(admin).expect(200);
    expect(list.body).toEqual([]);
  });

  it('accepts a blank cover, an uploaded-file path and a vertical video', async () => {
    const course = await make.course({ cover_image_url: '', video_file_url: '/api/files/videos/abc.mp4', video_url: '', video_orientation: 'vertical', course_category_id: '' });
    expect(course).toMatchObject({ cover_image_url: null, video_file_url: '/api/files/videos/abc.mp4', video_url: null, video_orientation: 'vertical', course_category_id: null });
  });

  it('updates only the fields sent; the toggle sets or flips publication', async () => {
    const cat = await make.category();
    const course = await make.course({ description: 'original', course_category_id: cat.id });
    const res = await http().put(`/api/admin/courses/${course.id}`).set(admin).send({ title: 'Novo título', course_category_id: null }).expect(200);
    expect(res.body).toMatchObject({ title: 'Novo título', description: 'original', course_category_id: null, category_name: null, is_published: 1 });
    await http().put(`/api/admin/courses/${course.id}`).set(admin).send({ title: ' ' }).expect(400);
    await http().put(`/api/admin/courses/${course.id}`).set(admin).send({ course_category_id: 2147483600 }).expect(400);
    await http().put('/api/admin/courses/999999999').set(admin).send({ title: 'x' }).expect(404, { error: 'Curso não encontrado' });

    const off = await http().patch(`/api/admin/courses/${course.id}/toggle-published`).set(admin).send({ is_published: 0 }).expect(200);
    expect(off.body.is_published).toBe(0);
    const again = await http().patch(`/api/admin/courses/${course.id}/toggle-published`).set(admin).send({ is_published: 0 }).expect(200);
    expect(again.body.is_published).toBe(0);
    const flipped = await http().patch(`/api/admin/courses/${course.id}/toggle-published`).set(admin).send({}).expect(200);
    expect(flipped.body.is_published).toBe(1);
    const bool = await http().patch(`/api/admin/courses/${course.id}/toggle-published`).set(admin).send({ is_published: false }).expect(200);
    expect(bool.body.is_published).toBe(0);
    await http().patch(`/api/admin/courses/${course.id}/toggle-published`).set(admin).send({ is_published: 'sim' }).expect(400);
    await http().patch('/api/admin/courses/0/toggle-published').set(admin).send({ is_published: 1 }).expect(404);
  });

  it('lists published courses of a category given by slug or by id; the admin list includes drafts', async () => {
    const cat = await make.category();
    const first = await make.course({ course_category_id: cat.id });
    const second = await make.course({ course_category_id: cat.id });
    const draft = await make.course({ course_category_id: cat.id, is_published: 0 });
    await make.course();

    const ids = (body: Course[]) => body.map((c) => c.id);
    const bySlug = await http().get('/api/courses').query({ category: cat.slug }).set(anonymous).expect(200);
    expect(ids(bySlug.body)).toEqual([first.id, second.id]);
    const byId = await http().get('/api/courses').query({ category: String(cat.id) }).set(anonymous).expect(200);
    expect(ids(byId.body)).toEqual([first.id, second.id]);
    await http().get('/api/courses').query({ category: 'nao-existe-' + unique() }).expect(200, []);

    const all = await http().get('/api/courses').set(anonymous).expect(200);
    expect(ids(all.body)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids(all.body)).not.toContain(draft.id);

    const adminList = await http().get('/api/admin/courses').query({ category: cat.slug }).set(admin).expect(200);
    expect(ids(adminList.body)).toEqual([draft.id, second.id, first.id]);
    expect(adminList.body[0]).toMatchObject({ is_published: 0 });
  });

  it('searches the admin list by title and description ignoring accents', async () => {
    const tag = unique();
    const a = await make.course({ title: `Câmara Frigorífica ${tag}` });
    const b = await make.course({ title: `Outro ${tag}`, description: `Degelo por GÁS QUENTE ${tag}` });
    const search = async (q: string) => (await http().get('/api/admin/courses').query({ search: q }).set(admin).expect(200)).body.map((c: Course) => c.id);
    expect(await search(`camara frigorifica ${tag}`)).toEqual([a.id]);
    expect(await search(`gas quente ${tag}`)).toEqual([b.id]);
  });

  it('gates a course: 401 anonymous, 403 not active, 404 unknown, unpublished or non-numeric', async () => {
    const course = await make.course();
    const draft = await make.course({ is_published: 0 });
    const anon = await http().get(`/api/courses/${course.id}`).set(anonymous).expect(401);
    expect(anon.body).toEqual({ error: 'Você precisa estar logado para acessar este curso' });
    for (const status of ['inactive', 'canceled', 'expired']) {
      const res = await http().get(`/api/courses/${course.id}`).set(userHeaders(undefined, status)).expect(403);
      expect(res.body.error).toEqual(expect.any(String));
    }
    await http().get(`/api/courses/${course.id}/lessons`).set(userHeaders(undefined, 'inactive')).expect(403);
    await http().get(`/api/courses/${course.id}/progress`).set(anonymous).expect(401);
    await http().post(`/api/courses/${course.id}/lessons/1/progress`).set(anonymous).expect(401);
    for (const id of [draft.id, 999999999, 'abc', '1.5', '-3', '99999999999']) {
      const res = await http().get(`/api/courses/${id}`).set(subscriber).expect(404);
      expect(res.body).toEqual({ error: 'Curso não encontrado' });
      await http().get(`/api/courses/${id}/lessons`).set(subscriber).expect(404);
      await http().get(`/api/courses/${id}/progress`).set(subscriber).expect(404);
    }
    await http().get(`/api/courses/${course.id}`).set(subscriber).expect(200);
    // an administrator may read drafts through the admin route
    await http().get(`/api/admin/courses/${draft.id}`).set(admin).expect(200);
  });

  it('deleting a course deletes its lessons and their progress', async () => {
    const course = await make.course();
    const l1 = await make.lesson(course.id, { duration_seconds: 30 });
    const l2 = await make.lesson(course.id, { duration_seconds: 30 });
    for (const l of [l1, l2]) {
      const watched = await http().put(`/api/courses/${course.id}/lessons/${l.id}/position`).set(subscriber).send({ position: 30, duration: 30, watched: [[0, 30]] });
      expect(watched.body).toMatchObject({ completed: 1 });
    }
    await http().delete(`/api/admin/courses/${course.id}`).set(admin).expect(200, { success: true });
    await http().get(`/api/admin/courses/${course.id}`).set(admin).expect(404);
    await http().get(`/api/admin/courses/${course.id}/lessons`).set(admin).expect(404);
    await http().put(`/api/admin/lessons/${l1.id}`).set(admin).send({ title: 'x' }).expect(404);
    const ds = app.get(DataSource);
    const left = await ds.query(`SELECT count(*)::int AS n FROM courses.lesson_progress WHERE lesson_id = ANY($1::int[])`, [[l1.id, l2.id]]);
    expect(left[0].n).toBe(0);
    const positions = await ds.query(`SELECT count(*)::int AS n FROM courses.lesson_watch WHERE lesson_id = ANY($1::int[])`, [[l1.id, l2.id]]);
    expect(positions[0].n).toBe(0);
    await http().delete(`/api/admin/courses/${course.id}`).set(admin).expect(404);
  });
});
