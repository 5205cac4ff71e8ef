import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Manual } from '@clima/contract';
import { buildApp, createManual, uid } from './helpers';

describe('GET /api/manuals, /api/manufacturers, /api/models', () => {
  let app: NestFastifyApplication;
  const get = (path: string) => request(app.getHttpServer()).get(path);

  beforeAll(async () => {
    app = await buildApp();
  });
  afterAll(() => app.close());

  it('answers the Manual shape with the manufacturer and model joined', async () => {
    const u = uid();
    const created = await createManual(app, {
      title: `Manual de Serviço Inverter ${u}`,
      description: 'Procedimentos de diagnóstico',
      manufacturer_name: `Fabricante ${u}`,
      manufacturer_logo: `https://cdn.exemplo.com.br/${u}.png`,
      model_name: `Modelo ${u}`,
      manual_type: 'service',
    });
    const res = await get(`/api/manuals?manufacturer=${created.manufacturer_id}`).expect(200);
    expect(res.body).toHaveLength(1);
    const manual = res.body[0];
    expect(Manual.parse(manual)).toEqual(manual);
    expect(manual).toEqual({
      id: created.id,
      title: `Manual de Serviço Inverter ${u}`,
      description: 'Procedimentos de diagnóstico',
      manufacturer_id: created.manufacturer_id,
      manufacturer_name: `Fabricante ${u}`,
      manufacturer_logo: `https://cdn.exemplo.com.br/${u}.png`,
      model_id: created.model_id,
      model_name: `Modelo ${u}`,
      manual_type: 'service',
      file_url: 'https://www.exemplo.com.br/manual.pdf',
      file_size: null,
      external_url: null,
      is_published: 1,
      download_count: 0,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      // an external link: no stored PDF whose text could be read
      text_status: null,
      page_count: null,
    });
  });

  describe('manufacturer and model filters take an id, a slug or a name', () => {
    const u = uid();
    let a1: Manual;
    let a2: Manual;
    let b1: Manual;
    beforeAll(async () => {
      a1 = await createManual(app, { manufacturer_name: `Refrigeração Ártica ${u}`, model_name: `Split Hi-Wall ${u}` });
      a2 = await createManual(app, { manufacturer_name: `Refrigeração Ártica ${u}`, model_name: `Cassete Quatro Vias ${u}` });
      b1 = await createManual(app, { manufacturer_name: `Outro Fabricante ${u}`, model_name: `Split Hi-Wall ${u}` });
    });
    const ids = (body: Manual[]) => body.map((m) => m.id).sort((x, y) => x - y);

    it('by manufacturer id, slug and name (any case, no accents)', async () => {
      const expected = [a1.id, a2.id].sort((x, y) => x - y);
      for (const value of [String(a1.manufacturer_id), `refrigeracao-artica-${u}`, `Refrigeração Ártica ${u}`, `REFRIGERACAO artica ${u}`]) {
        const res = await get(`/api/manuals?manufacturer=${encodeURIComponent(value)}`).expect(200);
        expect(ids(res.body)).toEqual(expected);
      }
    });

    it('by model id, slug and name, alone or with the manufacturer', async () => {
      let res = await get(`/api/manuals?model=${a1.model_id}`).expect(200);
      expect(ids(res.body)).toEqual([a1.id]);
      res = await get(`/api/manuals?model=${encodeURIComponent(`split-hi-wall-${u}`)}`).expect(200);
      expect(ids(res.body)).toEqual([a1.id, b1.id].sort((x, y) => x - y));
      res = await get(`/api/manuals?manufacturer=${b1.manufacturer_id}&model=${encodeURIComponent(`split hi-wall ${u}`)}`).expect(200);
      expect(ids(res.body)).toEqual([b1.id]);
      res = await get(`/api/manuals?manufacturer=${encodeURIComponent(`refrigeracao-artica-${u}`)}&model=${encodeURIComponent(`CASSETE QUATRO VIAS ${u}`)}`).expect(200);
      expect(ids(res.body)).toEqual([a2.id]);
    });

    it('an unknown manufacturer or model gives an empty list', async () => {
      expect((await get(`/api/manuals?manufacturer=nao-existe-${u}`).expect(200)).body).toEqual([]);
      expect((await get(`/api/manuals?manufacturer=2147483647`).expect(200)).body).toEqual([]);
      expect((await get(`/api/manuals?manufacturer=${a1.manufacturer_id}&model=${b1.model_id}`).expect(200)).body).toEqual([]);
    });

    it('GET /api/models lists the models of a manufacturer given by id, slug or name', async () => {
      for (const value of [String(a1.manufacturer_id), `refrigeracao-artica-${u}`, `refrigeração ártica ${u}`]) {
        const res = await get(`/api/models?manufacturer=${encodeURIComponent(value)}`).expect(200);
        expect(res.body).toEqual([
          { id: a2.model_id, name: `Cassete Quatro Vias ${u}`, slug: `cassete-quatro-vias-${u}` },
          { id: a1.model_id, name: `Split Hi-Wall ${u}`, slug: `split-hi-wall-${u}` },
        ]);
      }
      expect((await get('/api/models').expect(200)).body).toEqual([]);
      expect((await get(`/api/models?manufacturer=nao-existe-${u}`).expect(200)).body).toEqual([]);
    });

    it('GET /api/manufacturers lists manufacturers by name with id, name, slug and logo_url', async () => {
      const res = await get('/api/manufacturers').expect(200);
      const mine = res.body.filter((f: { name: string }) => f.name.endsWith(u));
      expect(mine).toEqual([
        { id: b1.manufacturer_id, name: `Outro Fabricante ${u}`, slug: `outro-fabricante-${u}`, logo_url: null },
        { id: a1.manufacturer_id, name: `Refrigeração Ártica ${u}`, slug: `refrigeracao-artica-${u}`, logo_url: null },
      ]);
    });
  });

  it('filters by type; an unknown type is a 400; an empty type means all', async () => {
    const u = uid();
    const manufacturer_name = `Tipos ${u}`;
    const parts = await createManual(app, { manufacturer_name, model_name: 'M1', manual_type: 'parts' });
    const install = await createManual(app, { manufacturer_name, model_name: 'M1', manual_type: 'installation' });
    let res = await get(`/api/manuals?manufacturer=${parts.manufacturer_id}&type=parts`).expect(200);
    expect(res.body.map((m: Manual) => m.id)).toEqual([parts.id]);
    res = await get(`/api/manuals?manufacturer=${parts.manufacturer_id}&type=`).expect(200);
    expect(res.body.map((m: Manual) => m.id)).toEqual([install.id, parts.id]);
    res = await get('/api/manuals?type=brochura').expect(400);
    expect(res.body).toEqual({ error: 'Tipo de manual inválido' });
  });

  it('searches title, description, manufacturer and model without regard to case or accents', async () => {
    const u = uid();
    const byTitle = await createManual(app, { title: `Instalação do Condensador ${u}`, manufacturer_name: `Busca ${u}`, model_name: 'X' });
    const byDescription = await createManual(app, {
      title: `Outro ${u}`,
      description: 'Tabela de pressões do R-410A e refrigeração',
      manufacturer_name: `Busca ${u}`,
      model_name: 'Y',
    });
    const byNames = await createManual(app, { title: `Terceiro ${u}`, manufacturer_name: `Climatização Ção ${u}`, model_name: `Évora ${u}` });
    const search = async (q: string) =>
      (await get(`/api/manuals?search=${encodeURIComponent(q)}`).expect(200)).body.map((m: Manual) => m.id).filter((id: number) =>
        [byTitle.id, byDescription.id, byNames.id].includes(id),
      );
    expect(await search(`INSTALACAO DO condensador ${u}`)).toEqual([byTitle.id]);
    expect(await search(`instalação do condensador ${u}`)).toEqual([byTitle.id]);
    expect(await search('PRESSOES DO r-410a E REFRIGERACAO')).toEqual([byDescription.id]);
    expect(await search(`climatizacao cao ${u}`)).toEqual([byNames.id]);
    expect(await search(`EVORA ${u}`)).toEqual([byNames.id]);
    // LIKE wildcards in the text are literal
    expect((await get(`/api/manuals?search=${encodeURIComponent(`%_${u}`)}`).expect(200)).body).toEqual([]);
  });

  it('lists only published manuals, newest first; drafts hide their manufacturer and models', async () => {
    const u = uid();
    const older = await createManual(app, { manufacturer_name: `Publicados ${u}`, model_name: 'A' });
    const newer = await createManual(app, { manufacturer_name: `Publicados ${u}`, model_name: 'A' });
    const draft = await createManual(app, { manufacturer_name: `Publicados ${u}`, model_name: 'Rascunho', is_published: 0 });
    const onlyDraft = await createManual(app, { manufacturer_name: `Só Rascunho ${u}`, model_name: 'Z', is_published: 0 });
    const res = await get(`/api/manuals?manufacturer=${older.manufacturer_id}`).expect(200);
    expect(res.body.map((m: Manual) => m.id)).toEqual([newer.id, older.id]);
    expect(res.body.find((m: Manual) => m.id === draft.id)).toBeUndefined();
    const models = await get(`/api/models?manufacturer=${older.manufacturer_id}`).expect(200);
    expect(models.body.map((m: { name: string }) => m.name)).toEqual(['A']);
    const manufacturers = await get('/api/manufacturers').expect(200);
    expect(manufacturers.body.some((f: { id: number }) => f.id === onlyDraft.manufacturer_id)).toBe(false);
    expect(manufacturers.body.some((f: { id: number }) => f.id === older.manufacturer_id)).toBe(true);
  });

  it('bad filter values are a 400, never a 500', async () => {
    expect((await get(`/api/manuals?search=${'a'.repeat(300)}`).expect(400)).body).toEqual({ error: 'Busca muito longa' });
    expect((await get('/api/manuals?manufacturer=a&manufacturer=b').expect(400)).body).toEqual({ error: 'Filtro inválido' });
    expect((await get(`/api/models?manufacturer=${'x'.repeat(500)}`).expect(400)).body).toEqual({ error: 'Filtro muito longo' });
    await get('/api/manuals?manufacturer=99999999999').expect(200);
    expect((await get('/api/manuals?search=%25%00').expect(400)).body).toEqual({ error: 'O texto contém caracteres inválidos' });
  });
});
