import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { as, catalogApp, createCategory, createContent, unique } from './helpers';

describe('catalog categories', () => {
  let app: NestFastifyApplication;
  let http: ReturnType<NestFastifyApplication['getHttpServer']>;
  beforeAll(async () => {
    app = await catalogApp();
    http = app.getHttpServer();
  });
  afterAll(() => app.close());

  it('lists categories publicly and for admins with an accent-insensitive search', async () => {
    const token = unique('c');
    const cat = await createCategory(app, { name: `Elétrica ${token}`, slug: `eletrica-${token}`, description: 'Comandos e placas' });
    const pub = await request(http).get('/api/categories').expect(200);
    expect(pub.body).toContainEqual({
      id: cat.id,
      name: `Elétrica ${token}`,
      slug: `eletrica-${token}`,
      description: 'Comandos e placas',
      created_at: expect.stringMatching(/Z$/),
    });
    const found = await request(http).get('/api/admin/categories').query({ search: `ELETRICA ${token}` }).set(as.admin()).expect(200);
    expect(found.body.map((c: { id: number }) => c.id)).toEqual([cat.id]);
    await request(http).get('/api/admin/categories').expect(401);
    await request(http).get('/api/admin/categories').set(as.subscriber()).expect(403);
  });

  it('creates, updates and generates the slug from the name when left blank', async () => {
    const token = unique('n');
    const created = await request(http)
      .post('/api/admin/categories')
      .set(as.admin())
      .send({ name: `Refrigeração Comercial ${token}`, slug: '', description: '' })
      .expect(201);
    expect(created.body).toMatchObject({ name: `Refrigeração Comercial ${token}`, slug: `refrigeracao-comercial-${token}`, description: null });
    const updated = await request(http)
      .put(`/api/admin/categories/${created.body.id}`)
      .set(as.admin())
      .send({ name: 'Câmaras frias', slug: `camaras-${token}`, description: 'Frio comercial' })
      .expect(200);
    expect(updated.body).toEqual({ ...created.body, name: 'Câmaras frias', slug: `camaras-${token}`, description: 'Frio comercial' });
    await request(http).put('/api/admin/categories/2000000000').set(as.admin()).send({ name: 'x', slug: unique('x-') }).expect(404);
    await request(http).put('/api/admin/categories/abc').set(as.admin()).send({ name: 'x', slug: unique('x-') }).expect(404);
  });

  it('refuses a slug that is already used with 409', async () => {
    const first = await createCategory(app);
    const second = await createCategory(app);
    const clash = await request(http).post('/api/admin/categories').set(as.admin()).send({ name: 'Outra', slug: first.slug }).expect(409);
    expect(clash.body).toEqual({ error: 'Já existe uma categoria com este slug' });
    const renamed = await request(http).put(`/api/admin/categories/${second.id}`).set(as.admin()).send({ name: 'Outra', slug: first.slug }).expect(409);
    expect(renamed.body).toEqual({ error: 'Já existe uma categoria com este slug' });
    // keeping its own slug is not a clash
    await request(http).put(`/api/admin/categories/${first.id}`).set(as.admin()).send({ name: 'Mesmo slug', slug: first.slug }).expect(200);
  });

  it('applies the slug rules of spec 5 and the required fields', async () => {
    const cases: [unknown, string][] = [
      [{ slug: 'abc' }, 'Nome é obrigatório'],
      [{ name: '  ', slug: 'abc' }, 'Nome é obrigatório'],
      [{ name: 'Nome', slug: 'Com Maiúsculas' }, 'Apenas letras minúsculas, números e hífens'],
      [{ name: 'Nome', slug: 'acentuação' }, 'Apenas letras minúsculas, números e hífens'],
      [{ name: 'Nome', slug: '-borda-' }, 'Apenas letras minúsculas, números e hífens'],
      [{ name: 'Nome', slug: 'dois--hifens' }, 'Apenas letras minúsculas, números e hífens'],
      [{ name: 'Nome', slug: 42 }, 'Apenas letras minúsculas, números e hífens'],
      [{ name: '!!!', slug: '' }, 'Slug é obrigatório'],
      [{ name: 'n'.repeat(121), slug: 'ok' }, 'Nome muito longo (máximo 120 caracteres)'],
      [{ name: 'Nome', slug: 'a'.repeat(121) }, 'Slug muito longo (máximo 120 caracteres)'],
    ];
    for (const [body, error] of cases) {
      const res = await request(http).post('/api/admin/categories').set(as.admin()).send(body as object);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { error } });
    }
  });

  it('deleting a category leaves its contents uncategorised', async () => {
    const cat = await createCategory(app);
    const c = await createContent(app, { category_id: cat.id });
    expect((await request(http).delete(`/api/admin/categories/${cat.id}`).set(as.admin()).expect(200)).body).toEqual({ success: true });
    await request(http).delete(`/api/admin/categories/${cat.id}`).set(as.admin()).expect(404);
    const res = await request(http).get(`/api/contents/${c.id}`).set(as.subscriber()).expect(200);
    expect(res.body).toMatchObject({ id: c.id, category_id: null, category_name: null });
    await request(http).delete(`/api/admin/categories/${cat.id}`).set(as.inactive()).expect(403);
  });
});
