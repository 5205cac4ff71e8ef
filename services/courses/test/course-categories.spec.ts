import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { CourseCategoryWithStats } from '@clima/contract';
import { admin, anonymous, buildApp, Factory, unique, userHeaders } from './helpers';

describe('course categories', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  const http = () => request(app.getHttpServer());
  beforeAll(async () => {
    app = await buildApp();
    make = new Factory(app);
  });
  afterAll(() => app.close());

  it('creates a category with the slug generated from the name and the spec fields', async () => {
    const tag = unique();
    const res = await http()
      .post('/api/admin/course-categories')
      .set(admin)
      .send({ name: `Refrigeração Comercial ${tag}`, description: 'Câmaras e balcões' })
      .expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: `Refrigeração Comercial ${tag}`,
      slug: `refrigeracao-comercial-${tag}`,
      description: 'Câmaras e balcões',
      cover_image_url: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const list = await http().get('/api/course-categories').set(anonymous).expect(200);
    expect(list.body).toContainEqual(res.body);
  });

  it('refuses a second category with the same slug (409) and leaves the first untouched', async () => {
    const slug = unique('slug-');
    const first = await make.category({ slug });
    const res = await http().post('/api/admin/course-categories').set(admin).send({ name: 'Outra', slug }).expect(409);
    expect(res.body).toEqual({ error: 'Já existe uma categoria de curso com este slug' });
    const other = await make.category();
    await http().put(`/api/admin/course-categories/${other.id}`).set(admin).send({ slug }).expect(409);
    const list = await http().get('/api/admin/course-categories').set(admin).expect(200);
    expect(list.body.filter((c: CourseCategoryWithStats) => c.slug === slug)).toHaveLength(1);
    expect(list.body.find((c: CourseCategoryWithStats) => c.id === first.id).name).toBe(first.name);
  });

  it('validates name and slug with the form messages', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Nome é obrigatório'],
      [{ name: '   ' }, 'Nome é obrigatório'],
      [{ name: 42 }, 'Nome é obrigatório'],
      [{ name: 'x'.repeat(256) }, 'Nome muito longo'],
      [{ name: 'Válido', slug: 'Com Espaço' }, 'Apenas letras minúsculas, números e hífens'],
      [{ name: 'Válido', slug: 'acentuação' }, 'Apenas letras minúsculas, números e hífens'],
      [{ name: '!!!' }, 'Slug é obrigatório'],
      [{ name: 'Válido', cover_image_url: 'não é url' }, 'URL da imagem de capa inválida'],
      [{ name: 'Válido', description: { a: 1 } }, 'Descrição inválida'],
    ];
    for (const [body, error] of cases) {
      const res = await http().post('/api/admin/course-categories').set(admin).send(body as object);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error });
    }
    const malformed = await http().post('/api/admin/course-categories').set(admin).set('Content-Type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual(expect.any(String));
  });

  it('updates name, slug and description; a blank slug is generated again from the name', async () => {
    const cat = await make.category({ description: 'antes' });
    const tag = unique();
    const res = await http()
      .put(`/api/admin/course-categories/${cat.id}`)
      .set(admin)
      .send({ name: `Elétrica ${tag}`, slug: '', description: '' })
      .expect(200);
    expect(res.body).toMatchObject({ id: cat.id, name: `Elétrica ${tag}`, slug: `eletrica-${tag}`, description: null });
    const kept = await http().put(`/api/admin/course-categories/${cat.id}`).set(admin).send({ description: 'depois' }).expect(200);
    expect(kept.body).toMatchObject({ name: `Elétrica ${tag}`, slug: `eletrica-${tag}`, description: 'depois' });
    await http().put('/api/admin/course-categories/999999999').set(admin).send({ name: 'x' }).expect(404);
    await http().put('/api/admin/course-categories/abc').set(admin).send({ name: 'x' }).expect(404);
  });

  it('deleting a category detaches its courses instead of deleting them', async () => {
    const cat = await make.category();
    const course = await make.course({ course_category_id: cat.id });
    expect(course).toMatchObject({ course_category_id: cat.id, category_name: cat.name, category_slug: cat.slug });
    await http().delete(`/api/admin/course-categories/${cat.id}`).set(admin).expect(200, { success: true });
    await http().delete(`/api/admin/course-categories/${cat.id}`).set(admin).expect(404);
    const after = await http().get(`/api/admin/courses/${course.id}`).set(admin).expect(200);
    expect(after.body).toMatchObject({ id: course.id, course_category_id: null, category_name: null, category_slug: null });
  });

  it('counts only the lessons of published courses in the stats variant', async () => {
    const cat = await make.category();
    const published = await make.course({ course_category_id: cat.id });
    await make.lesson(published.id, { duration_seconds: 754 });
    await make.lesson(published.id, { duration_seconds: '12:30' });
    await make.lesson(published.id, { duration_seconds: '1:02:03' });
    const draft = await make.course({ course_category_id: cat.id, is_published: 0 });
    await make.lesson(draft.id, { duration_seconds: 5000 });
    const empty = await make.course({ course_category_id: cat.id });
    expect(empty.lessons_count).toBe(0);
    const otherCat = await make.category();
    const other = await make.course({ course_category_id: otherCat.id });
    await make.lesson(other.id, { duration_seconds: 100 });

    const stats = async () => {
      const res = await http().get('/api/course-categories-with-stats').set(anonymous).expect(200);
      return res.body.find((c: CourseCategoryWithStats) => c.id === cat.id) as CourseCategoryWithStats;
    };
    expect(await stats()).toMatchObject({ lessons_count: 3, total_duration: 754 + 750 + 3723, created_at: expect.any(String), updated_at: expect.any(String) });

    // publishing the draft adds its lesson; unpublishing the other removes its three
    await http().patch(`/api/admin/courses/${draft.id}/toggle-published`).set(admin).send({ is_published: 1 }).expect(200);
    expect(await stats()).toMatchObject({ lessons_count: 4, total_duration: 754 + 750 + 3723 + 5000 });
    await http().patch(`/api/admin/courses/${published.id}/toggle-published`).set(admin).send({ is_published: 0 }).expect(200);
    expect(await stats()).toMatchObject({ lessons_count: 1, total_duration: 5000 });
  });

  it('searches name and description ignoring accents and case', async () => {
    const tag = unique();
    const a = await make.category({ name: `Manutenção Preventiva ${tag}` });
    const b = await make.category({ name: `Outra ${tag}x`, description: `Rotinas de HIGIENIZAÇÃO ${tag}` });
    const c = await make.category({ name: `Sem relação ${tag}y` });
    const ids = async (path: string, search: string, headers = anonymous) =>
      (await http().get(path).query({ search }).set(headers).expect(200)).body.map((x: { id: number }) => x.id);
    expect(await ids('/api/course-categories-with-stats', `manutencao preventiva ${tag}`)).toEqual([a.id]);
    expect(await ids('/api/course-categories-with-stats', `higienizacao ${tag}`)).toEqual([b.id]);
    expect(await ids('/api/admin/course-categories', `MANUTENÇÃO PREVENTIVA ${tag}`, admin)).toEqual([a.id]);
    expect((await ids('/api/course-categories-with-stats', tag)).sort()).toEqual([a.id, b.id, c.id].sort());
    // LIKE wildcards are plain characters
    expect(await ids('/api/course-categories-with-stats', `%${tag}_`)).toEqual([]);
    const tooLong = await http().get('/api/course-categories-with-stats').query({ search: 'x'.repeat(300) }).expect(400);
    expect(tooLong.body).toEqual({ error: 'Busca muito longa' });
  });

  it('keeps the admin routes for administrators', async () => {
    await http().get('/api/admin/course-categories').set(anonymous).expect(401);
    await http().post('/api/admin/course-categories').set(userHeaders()).send({ name: 'x' }).expect(403);
    await http().delete('/api/admin/course-categories/1').set(userHeaders()).expect(403);
  });
});
