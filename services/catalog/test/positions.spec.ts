/**
 * Resume where you stopped, on any device: the player's reports on a content's video, the watched share
 * (distinct seconds played), 'Continuar assistindo', access, bad input and the user's rights.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ask, createRpcClient, EventBus, rpcPattern } from '@clima/common';
import { CatalogExport, ContentPosition, ContinueContent, USER_EXPORT_QUERY } from '@clima/contract';
import { as, catalogApp, createContent, unique } from './helpers';

describe('catalog: watch positions', () => {
  let app: NestFastifyApplication;
  let ds: DataSource;
  const http = () => request(app.getHttpServer());
  beforeAll(async () => {
    app = await catalogApp();
    await app.startAllMicroservices();
    ds = app.get(DataSource);
  });
  afterAll(() => app.close());

  const put = (contentId: number, user: Record<string, string>, body: unknown) => http().put(`/api/contents/${contentId}/position`).set(user).send(body as object);
  /** As if the first report had come `minutes` ago (the pace limit counts from it). */
  const startedAgo = (userId: string, contentId: number, minutes: number) =>
    ds.query(`UPDATE catalog.content_positions SET created_at = now() - make_interval(mins => $3) WHERE user_id = $1 AND content_id = $2`, [userId, contentId, minutes]);

  it('saves the position on one device and answers it on another; stretches merge, seeking and replays add nothing', async () => {
    const content = await createContent(app);
    const id = unique('email_');
    const phone = as.user('inactive', id);
    const desktop = as.subscriber(id);
    await http().get(`/api/contents/${content.id}/position`).set(desktop).expect(200).expect((res) => expect(res.body).toBeNull());

    const first = await put(content.id, phone, { position: 30, duration: 1800, watched: [[0, 30]] }).expect(200);
    expect(ContentPosition.parse(first.body)).toEqual({ position: 30, duration: 1800, watched_fraction: 0.016, updated_at: expect.any(String) });
    const read = await http().get(`/api/contents/${content.id}/position`).set(desktop).expect(200);
    expect(read.body).toEqual(first.body);

    await startedAgo(id, content.id, 120);
    // a jump to 25:00 and its last seconds, then the same minute three times
    await put(content.id, desktop, { position: 1510, duration: 1800, watched: [[1500, 1510]] }).expect(200);
    for (let i = 0; i < 3; i++) await put(content.id, desktop, { position: 90, duration: 1800, watched: [[30, 90]] }).expect(200);
    const after = await http().get(`/api/contents/${content.id}/position`).set(phone).expect(200);
    expect(after.body).toMatchObject({ position: 90, duration: 1800, watched_fraction: 0.055 });
    const [row] = await ds.query(`SELECT watched, watched_seconds FROM catalog.content_positions WHERE user_id = $1`, [id]);
    expect(row).toEqual({ watched: [[0, 90], [1500, 1510]], watched_seconds: 100 });
    // another user's position is their own
    await http().get(`/api/contents/${content.id}/position`).set(as.subscriber()).expect(200).expect((res) => expect(res.body).toBeNull());
  });

  it('never credits more than could have been played since the first report', async () => {
    const content = await createContent(app);
    const id = unique('email_');
    const user = as.subscriber(id);
    const forged = await put(content.id, user, { position: 1800, duration: 1800, watched: [[0, 1800]] }).expect(200);
    expect(forged.body.watched_fraction).toBe(0.033);
    await startedAgo(id, content.id, 5);
    const later = await put(content.id, user, { position: 1800, duration: 1800, watched: [[0, 1800]] }).expect(200);
    // five minutes at twice the speed, plus the first minute
    expect(later.body.watched_fraction).toBeGreaterThanOrEqual(0.366);
    expect(later.body.watched_fraction).toBeLessThan(0.38);
  });

  it("lists 'Continuar assistindo': started, not finished, published, most recent first; video sources only for subscribers", async () => {
    const id = unique('email_');
    const user = as.subscriber(id);
    const older = await createContent(app, { title: unique('Vácuo '), video_file_url: '/api/files/videos/0123456789abcdef0123456789abcdef.mp4', video_url: null });
    const newer = await createContent(app, { title: unique('Carga ') });
    const finished = await createContent(app);
    const barely = await createContent(app);
    const draft = await createContent(app);
    await http().get('/api/contents/continue').set(user).expect(200, []);
    await put(older.id, user, { position: 300, duration: 1200, watched: [[0, 60]] }).expect(200);
    await put(finished.id, user, { position: 1190, duration: 1200, watched: [[1150, 1190]] }).expect(200);
    await put(barely.id, user, { position: 4, duration: 1200, watched: [[0, 4]] }).expect(200);
    await put(draft.id, user, { position: 100, duration: 1200, watched: [[40, 100]] }).expect(200);
    await http().patch(`/api/admin/contents/${draft.id}/toggle-published`).set(as.admin()).send({ is_published: 0 }).expect(200);
    await put(newer.id, user, { position: 75.5, duration: 600, watched: [[0, 60]] }).expect(200);

    const list = (await http().get('/api/contents/continue').set(user).expect(200)).body as ContinueContent[];
    for (const item of list) ContinueContent.parse(item);
    expect(list.map((i) => [i.content.id, i.position, i.duration])).toEqual([
      [newer.id, 75.5, 600],
      [older.id, 300, 1200],
    ]);
    expect(list[1]!.content).toMatchObject({ title: older.title, video_file_url: older.video_file_url });
    // the same list for a user whose subscription ended: no video sources
    const lapsed = (await http().get('/api/contents/continue').set(as.inactive(id)).expect(200)).body as ContinueContent[];
    expect(lapsed.map((i) => [i.content.id, i.content.video_url, i.content.video_file_url])).toEqual([
      [newer.id, null, null],
      [older.id, null, null],
    ]);
  });

  it('needs a signed-in user and a published content', async () => {
    const content = await createContent(app);
    const draft = await createContent(app, { is_published: 0 });
    const body = { position: 10, duration: 100, watched: [[0, 10]] };
    const signedOut = { error: 'Você precisa estar logado para acessar este conteúdo' };
    await put(content.id, as.anonymous(), body).expect(401, signedOut);
    await http().get(`/api/contents/${content.id}/position`).set(as.anonymous()).expect(401, signedOut);
    await http().get('/api/contents/continue').set(as.anonymous()).expect(401);
    // an administrator session alone is not an end user
    await put(content.id, as.admin(), body).expect(401);
    await put(draft.id, as.subscriber(), body).expect(404, { error: 'Conteúdo não encontrado' });
    await put(999999999, as.subscriber(), body).expect(404, { error: 'Conteúdo não encontrado' });
    await put(0, as.subscriber(), body).expect(404);
    await http().get(`/api/contents/${draft.id}/position`).set(as.subscriber()).expect(404);
  });

  it('refuses bad reports with a Portuguese message and writes nothing', async () => {
    const content = await createContent(app);
    const id = unique('email_');
    const user = as.subscriber(id);
    const cases: [unknown, string][] = [
      [{ duration: 100 }, 'Posição inválida: informe os segundos assistidos (número maior ou igual a zero)'],
      [{ position: 10, duration: -5 }, 'Duração inválida: informe a duração do vídeo em segundos (número maior que zero)'],
      [{ position: 10, duration: null }, 'Duração inválida: informe a duração do vídeo em segundos (número maior que zero)'],
      [{ position: 150, duration: 100 }, 'A posição não pode passar da duração do vídeo'],
      [{ position: 10, duration: 100, watched: [[20, 10]] }, 'Cada trecho assistido deve ficar dentro da duração do vídeo, com o início antes do fim'],
      [{ position: 10, duration: 100, watched: [['0', 10]] }, 'Trechos assistidos inválidos: envie uma lista de [início, fim] em segundos'],
      [{ position: 10, duration: 100, watched: [[0, 1, 2]] }, 'Trechos assistidos inválidos: envie uma lista de [início, fim] em segundos'],
      [{ position: 10, duration: 100, watched: Array.from({ length: 60 }, (_, i) => [i, i + 1]) }, 'No máximo 50 trechos assistidos por envio'],
    ];
    for (const [body, error] of cases) {
      const res = await put(content.id, user, body);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { error } });
    }
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM catalog.content_positions WHERE user_id = $1`, [id]);
    expect(n).toBe(0);
  });

  it('exports the positions (LGPD) and removes them when the user is deleted', async () => {
    const content = await createContent(app);
    const id = unique('email_');
    await put(content.id, as.subscriber(id), { position: 42, duration: 600, watched: [[0, 42]] }).expect(200);
    const client = createRpcClient(process.env.REDIS_URL!);
    try {
      const answer = CatalogExport.parse(await ask(client, rpcPattern('catalog', USER_EXPORT_QUERY), { userId: id }, 5000));
      expect(answer.positions).toEqual([
        { content_id: content.id, content_title: content.title, position: 42, duration: 600, watched: [[0, 42]], started_at: expect.any(String), updated_at: expect.any(String) },
      ]);
    } finally {
      await client.close();
    }
    await app.get(EventBus).publish('user.deleted', { userId: id }, { id: unique('ev') });
    for (let i = 0; i < 150; i++) {
      if (!(await ds.query(`SELECT 1 FROM catalog.content_positions WHERE user_id = $1`, [id])).length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await ds.query(`SELECT 1 FROM catalog.content_positions WHERE user_id = $1`, [id])).toEqual([]);
  });
});
