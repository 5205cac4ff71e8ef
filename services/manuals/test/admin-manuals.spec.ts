import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { Manual } from '@clima/contract';
import { as, buildApp, createManual, uid } from './helpers';

const REQUIRED = { error: 'Por favor, preencha todos os campos obrigatórios' };

describe('admin manuals', () => {
  let app: NestFastifyApplication;
  let ds: DataSource;
  const server = () => app.getHttpServer();
  const post = (body: unknown) => request(server()).post('/api/admin/manuals').set(as.admin).send(body as object);
  const put = (id: number | string, body: unknown) => request(server()).put(`/api/admin/manuals/${id}`).set(as.admin).send(body as object);
  const count = async (sql: string, params: unknown[]) => Number((await ds.query(sql, params))[0].n);

  beforeAll(async () => {
    app = await buildApp();
    ds = app.get(DataSource);
  });
  afterAll(() => app.close());

  describe('access', () => {
    it.each([
      ['get', '/api/admin/manuals'],
      ['post', '/api/admin/manuals'],
      ['put', '/api/admin/manuals/1'],
      ['delete', '/api/admin/manuals/1'],
      ['post', '/api/admin/upload-manual'],
    ] as const)('%s %s: 401 anonymous, 403 an end user (even an active subscriber)', async (method, path) => {
      await request(server())[method](path).set(as.anonymous).expect(401);
      await request(server())[method](path).set(as.subscriber()).expect(403);
    });
  });

  describe('POST /api/admin/manuals', () => {
    it('creates a published manual with its manufacturer and model, answering 201 with the Manual', async () => {
      const u = uid();
      const res = await post({
        title: `Manual de Instalação ${u}`,
        description: 'Guia de instalação',
        manufacturer_name: `Daikin ${u}`,
        manufacturer_logo: null,
        model_name: `Sky Air ${u}`,
        manual_type: 'installation',
        file_url: 'https://www.exemplo.com.br/instalacao.pdf',
      }).expect(201);
      expect(Manual.parse(res.body)).toEqual(res.body);
      expect(res.body).toMatchObject({
        title: `Manual de Instalação ${u}`,
        manufacturer_name: `Daikin ${u}`,
        model_name: `Sky Air ${u}`,
        manual_type: 'installation',
        is_published: 1,
        download_count: 0,
        file_size: null,
        external_url: null,
      });
      const list = await request(server()).get(`/api/admin/manuals?search=${u}`).set(as.admin).expect(200);
      expect(list.body.map((m: Manual) => m.id)).toEqual([res.body.id]);
    });

    it('keeps a draft when is_published is 0; defaults a missing type to user_manual', async () => {
      const res = await post({ title: 'Rascunho', manufacturer_name: `F ${uid()}`, model_name: 'M', file_url: 'http://a.example/x.pdf', is_published: 0 }).expect(201);
      expect(res.body).toMatchObject({ is_published: 0, manual_type: 'user_manual' });
    });

    it('requires title, manufacturer, model and file URL with the form message', async () => {
      const full = { title: 'T', manufacturer_name: 'F', model_name: 'M', file_url: 'https://a.example/x.pdf' };
      for (const field of ['title', 'manufacturer_name', 'model_name', 'file_url'] as const) {
        expect((await post({ ...full, [field]: undefined }).expect(400)).body).toEqual(REQUIRED);
        expect((await post({ ...full, [field]: '   ' }).expect(400)).body).toEqual(REQUIRED);
        expect((await post({ ...full, [field]: null }).expect(400)).body).toEqual(REQUIRED);
      }
      expect((await post({}).expect(400)).body).toEqual(REQUIRED);
    });

    it('refuses a file URL that is not an http(s) URL, an unknown type and other bad input with a 400', async () => {
      const u = uid();
      const full = { title: 'T', manufacturer_name: `Ruim ${u}`, model_name: 'M', file_url: 'https://a.example/x.pdf' };
      for (const file_url of ['manual.pdf', 'javascript:alert(1)', 'ftp://a.example/x.pdf', 'https://', '/api/files/manuals/../x', `https://a.example/${'a'.repeat(2100)}`]) {
        const res = await post({ ...full, file_url }).expect(400);
        expect(res.body.error).toMatch(/^URL do arquivo inválida/);
      }
      expect((await post({ ...full, manual_type: 'brochura' }).expect(400)).body).toEqual({ error: 'Tipo de manual inválido' });
      expect((await post({ ...full, manufacturer_logo: 'não é url' }).expect(400)).body).toEqual({ error: 'URL do logotipo inválida' });
      expect((await post({ ...full, is_published: 'sim' }).expect(400)).body).toEqual({ error: 'Status de publicação inválido (use 0 ou 1)' });
      expect((await post({ ...full, title: 'x'.repeat(256) }).expect(400)).body.error).toMatch(/Título muito longo/);
      expect((await post({ ...full, manufacturer_name: 'x'.repeat(121) }).expect(400)).body.error).toMatch(/Nome muito longo/);
      expect((await post({ ...full, title: 'a\u0000b' }).expect(400)).body).toEqual({ error: 'O texto contém caracteres inválidos' });
      expect((await post({ ...full, title: { a: 1 } }).expect(400)).body).toEqual(REQUIRED);
      expect((await post([1, 2]).expect(400)).body).toEqual({ error: 'Requisição inválida' });
      const malformed = await request(server()).post('/api/admin/manuals').set(as.admin).set('Content-Type', 'application/json').send('{"title": ');
      expect(malformed.status).toBe(400);
      expect(typeof malformed.body.error).toBe('string');
      // nothing was created by the refused requests
      expect(await count(`SELECT count(*) AS n FROM manuals.manufacturers WHERE name = $1`, [`Ruim ${u}`])).toBe(0);
    });

    it('finds manufacturer and model without regard to case or accents (no duplicates)', async () => {
      const u = uid();
      const a = await createManual(app, { manufacturer_name: `Refrigeração Gélida ${u}`, model_name: `Climatizador Ômega ${u}` });
      const b = await createManual(app, { manufacturer_name: `  REFRIGERACAO   gelida ${u} `, model_name: `climatizador omega ${u}` });
      const c = await createManual(app, { manufacturer_name: `refrigeração gélida ${u}`, model_name: `Outro Modelo ${u}` });
      expect(b.manufacturer_id).toBe(a.manufacturer_id);
      expect(b.model_id).toBe(a.model_id);
      expect(b.manufacturer_name).toBe(`Refrigeração Gélida ${u}`);
      expect(c.manufacturer_id).toBe(a.manufacturer_id);
      expect(c.model_id).not.toBe(a.model_id);
      expect(await count(`SELECT count(*) AS n FROM manuals.manufacturers WHERE slug = $1`, [`refrigeracao-gelida-${u}`])).toBe(1);
      expect(await count(`SELECT count(*) AS n FROM manuals.models WHERE manufacturer_id = $1`, [a.manufacturer_id])).toBe(2);
    });

    it('the same model name under two manufacturers is two models', async () => {
      const u = uid();
      const a = await createManual(app, { manufacturer_name: `Alfa ${u}`, model_name: 'Inverter 12000' });
      const b = await createManual(app, { manufacturer_name: `Beta ${u}`, model_name: 'Inverter 12000' });
      expect(a.model_id).not.toBe(b.model_id);
    });

    it('concurrent creates with variants of one name make one manufacturer and one model', async () => {
      const u = uid();
      const variants = [`Climatização Sul ${u}`, `CLIMATIZACAO SUL ${u}`, `climatização sul ${u}`, `Climatizacao Sul ${u}`];
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          createManual(app, { manufacturer_name: variants[i % variants.length], model_name: i % 2 ? `Pró ${u}` : `PRO ${u}` }),
        ),
      );
      expect(new Set(results.map((r) => r.manufacturer_id)).size).toBe(1);
      expect(new Set(results.map((r) => r.model_id)).size).toBe(1);
      expect(await count(`SELECT count(*) AS n FROM manuals.manufacturers WHERE slug = $1`, [`climatizacao-sul-${u}`])).toBe(1);
      expect(await count(`SELECT count(*) AS n FROM manuals.models WHERE manufacturer_id = $1`, [results[0]!.manufacturer_id])).toBe(1);
    });

    it('a logo sent with a new manufacturer is kept; a later one fills a missing logo only', async () => {
      const u = uid();
      const a = await createManual(app, { manufacturer_name: `Logo ${u}`, model_name: 'M', manufacturer_logo: null });
      expect(a.manufacturer_logo).toBeNull();
      const b = await createManual(app, { manufacturer_name: `logo ${u}`, model_name: 'M', manufacturer_logo: 'https://cdn.example/1.png' });
      expect(b.manufacturer_logo).toBe('https://cdn.example/1.png');
      const c = await createManual(app, { manufacturer_name: `LOGO ${u}`, model_name: 'M', manufacturer_logo: 'https://cdn.example/2.png' });
      expect(c.manufacturer_logo).toBe('https://cdn.example/1.png');
    });
  });

  it('odd bodies and query strings never cause a 500', async () => {
    const m = await createManual(app, { manufacturer_name: `Estranho ${uid()}`, model_name: 'M' });
    const bodies: unknown[] = [
      { title: ['a'], manufacturer_name: { $ne: 1 }, model_name: 1, file_url: 5 },
      { title: 'T', manufacturer_name: 'F', model_name: 'M', file_url: 'https://a.example/x.pdf', description: 42 },
      { title: 'T', manufacturer_name: '\u0000', model_name: 'M', file_url: 'https://a.example/x.pdf' },
      { title: 'T', manufacturer_name: 'F', model_name: 'M', file_url: 'https://a.example/\u0000.pdf' },
      { title: 'T', manufacturer_name: 'F', model_name: 'M', file_url: 'https://a.example/x.pdf', is_published: null, manual_type: null },
      { title: 'T', manufacturer_name: 'F', model_name: 'M', file_url: 'https://a.example/x.pdf', description: 'd'.repeat(10_001) },
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.status).toBeLessThan(500);
      const edit = await put(m.id, body);
      expect(edit.status).toBeLessThan(500);
    }
    for (const q of ['search[]=a', 'type[x]=1', 'search=%E0%A4%A', 'manufacturer=-1', 'model=0', 'model=1%00']) {
      expect((await request(server()).get(`/api/manuals?${q}`)).status).toBeLessThan(500);
      expect((await request(server()).get(`/api/admin/manuals?${q}`).set(as.admin)).status).toBeLessThan(500);
      expect((await request(server()).get(`/api/models?${q.replace(/^\w+/, 'manufacturer')}`)).status).toBeLessThan(500);
    }
  });

  describe('GET /api/admin/manuals', () => {
    it('lists drafts too, newest first, with search and type filters', async () => {
      const u = uid();
      const published = await createManual(app, { title: `Catálogo ${u}`, manufacturer_name: `Lista ${u}`, model_name: 'M', manual_type: 'parts' });
      const draft = await createManual(app, { title: `Catálogo rascunho ${u}`, manufacturer_name: `Lista ${u}`, model_name: 'M', manual_type: 'parts', is_published: 0 });
      const other = await createManual(app, { title: `Especificações ${u}`, manufacturer_name: `Lista ${u}`, model_name: 'M', manual_type: 'technical' });
      const list = async (q: string) => (await request(server()).get(`/api/admin/manuals?${q}`).set(as.admin).expect(200)).body.map((m: Manual) => m.id);
      expect(await list(`search=${u}`)).toEqual([other.id, draft.id, published.id]);
      expect(await list(`search=CATALOGO&type=parts`)).toEqual(expect.arrayContaining([draft.id, published.id]));
      expect(await list(`search=${u}&type=parts`)).toEqual([draft.id, published.id]);
      expect(await list(`search=${encodeURIComponent(`LISTA ${u}`)}&type=technical`)).toEqual([other.id]);
      await request(server()).get('/api/admin/manuals?type=x').set(as.admin).expect(400);
    });
  });

  describe('PUT /api/admin/manuals/:id', () => {
    it('edits the fields of the edit form and ignores anything else', async () => {
      const m = await createManual(app, { manufacturer_name: `Edição ${uid()}`, model_name: 'M', manual_type: 'service' });
      const res = await put(m.id, {
        title: 'Novo título',
        description: 'Nova descrição',
        manufacturer_id: m.manufacturer_id,
        model_id: m.model_id,
        manual_type: 'troubleshooting',
        file_url: 'https://outro.example/novo.pdf',
        is_published: 1,
        manufacturer_name: 'Ignorado',
        download_count: 999,
      }).expect(200);
      expect(res.body).toEqual({
        ...m,
        title: 'Novo título',
        description: 'Nova descrição',
        manual_type: 'troubleshooting',
        file_url: 'https://outro.example/novo.pdf',
      });
      const cleared = await put(m.id, { description: '' }).expect(200);
      expect(cleared.body.description).toBeNull();
    });

    it('manufacturer and model cannot change (400), and names in the body are ignored', async () => {
      const u = uid();
      const m = await createManual(app, { manufacturer_name: `Fixo ${u}`, model_name: 'M' });
      const other = await createManual(app, { manufacturer_name: `Outro ${u}`, model_name: 'N' });
      const message = { error: 'O fabricante e o modelo não podem ser alterados ao editar um manual' };
      expect((await put(m.id, { manufacturer_id: other.manufacturer_id }).expect(400)).body).toEqual(message);
      expect((await put(m.id, { model_id: other.model_id, title: 'x' }).expect(400)).body).toEqual(message);
      await put(m.id, { manufacturer_name: 'Trocado', model_name: 'Trocado', title: 'Mesmo fabricante' }).expect(200);
      const after = (await request(server()).get(`/api/admin/manuals?search=${u}`).set(as.admin).expect(200)).body.find((x: Manual) => x.id === m.id);
      expect(after).toMatchObject({ title: 'Mesmo fabricante', manufacturer_id: m.manufacturer_id, model_id: m.model_id, manufacturer_name: `Fixo ${u}`, model_name: 'M' });
    });

    it('is the publish toggle when the body has only is_published', async () => {
      const m = await createManual(app, { manufacturer_name: `Toggle ${uid()}`, model_name: 'M' });
      const off = await put(m.id, { is_published: 0 }).expect(200);
      expect(off.body).toEqual({ ...m, is_published: 0 });
      expect((await request(server()).get(`/api/manuals?manufacturer=${m.manufacturer_id}`).expect(200)).body).toEqual([]);
      const on = await put(m.id, { is_published: true }).expect(200);
      expect(on.body.is_published).toBe(1);
      expect((await request(server()).get(`/api/manuals?manufacturer=${m.manufacturer_id}`).expect(200)).body).toHaveLength(1);
    });

    it('bad input is a 400, an unknown id a 404', async () => {
      const m = await createManual(app, { manufacturer_name: `PutRuim ${uid()}`, model_name: 'M' });
      expect((await put(m.id, { title: '' }).expect(400)).body).toEqual(REQUIRED);
      expect((await put(m.id, { file_url: '' }).expect(400)).body).toEqual(REQUIRED);
      expect((await put(m.id, { file_url: 'sem-url' }).expect(400)).body.error).toMatch(/^URL do arquivo inválida/);
      expect((await put(m.id, { manual_type: 'x' }).expect(400)).body).toEqual({ error: 'Tipo de manual inválido' });
      expect((await put(m.id, { is_published: 2 }).expect(400)).body).toEqual({ error: 'Status de publicação inválido (use 0 ou 1)' });
      expect((await put(m.id, { manufacturer_id: 'abc' }).expect(400)).body).toEqual({ error: 'Identificador inválido' });
      expect((await put(m.id, {}).expect(400)).body).toEqual({ error: 'Nenhum campo para atualizar' });
      for (const id of ['2147483647', 'abc', '0', '-1', '1.5', '99999999999']) {
        expect((await put(id, { is_published: 1 }).expect(404)).body).toEqual({ error: 'Manual não encontrado' });
      }
    });

    it('a file address may be cleared only while an external link keeps the manual downloadable', async () => {
      const m = await createManual(app, { manufacturer_name: `Externo ${uid()}`, model_name: 'M' });
      expect((await put(m.id, { file_url: null }).expect(400)).body).toEqual(REQUIRED);
      await ds.query(`UPDATE manuals.manuals SET external_url = 'https://fabricante.example/suporte' WHERE id = $1`, [m.id]);
      const res = await put(m.id, { file_url: null }).expect(200);
      expect(res.body).toMatchObject({ file_url: null, file_size: null, external_url: 'https://fabricante.example/suporte' });
    });
  });

  describe('DELETE /api/admin/manuals/:id', () => {
    it('deletes the manual and its download records; unknown ids are a 404', async () => {
      const m = await createManual(app, { manufacturer_name: `Apagar ${uid()}`, model_name: 'M' });
      await request(server()).post(`/api/manuals/${m.id}/download`).set(as.subscriber()).expect(200);
      const res = await request(server()).delete(`/api/admin/manuals/${m.id}`).set(as.admin).expect(200);
      expect(res.body).toEqual({ success: true });
      expect(await count(`SELECT count(*) AS n FROM manuals.downloads WHERE manual_id = $1`, [m.id])).toBe(0);
      await request(server()).delete(`/api/admin/manuals/${m.id}`).set(as.admin).expect(404);
      await request(server()).delete('/api/admin/manuals/abc').set(as.admin).expect(404);
      await put(m.id, { is_published: 1 }).expect(404);
    });
  });
});
