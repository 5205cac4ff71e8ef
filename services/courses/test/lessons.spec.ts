import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CourseLesson } from '@clima/contract';
import { admin, anonymous, buildApp, Factory, userHeaders } from './helpers';

describe('lesson management', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  const http = () => request(app.getHttpServer());
  const subscriber = userHeaders();
  const titles = (lessons: CourseLesson[]) => lessons.map((l) => l.title);
  const adminLessons = async (courseId: number) => (await http().get(`/api/admin/courses/${courseId}/lessons`).set(admin).expect(200)).body as CourseLesson[];
  beforeAll(async () => {
    app = await buildApp();
    make = new Factory(app);
  });
  afterAll(() => app.close());

  it('creates lessons in order, with the spec fields, and stores the YouTube id of any link', async () => {
    const course = await make.course();
    const res = await http()
      .post(`/api/admin/courses/${course.id}/lessons`)
      .set(admin)
      .send({ title: 'Ferramentas e EPIs', description: 'Kit mínimo', youtube_video_id: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', duration_seconds: '9:42' })
      .expect(201);
    expect(CourseLesson.parse(res.body)).toEqual({
      id: expect.any(Number),
      course_id: course.id,
      title: 'Ferramentas e EPIs',
      description: 'Kit mínimo',
      youtube_video_id: 'dQw4w9WgXcQ',
      video_file_url: null,
      duration_seconds: 582,
      position: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const links: [string, string][] = [
      ['https://youtu.be/a1B2c3D4e5F?si=xyz', 'a1B2c3D4e5F'],
      ['https://www.youtube.com/embed/Zz_9-yX8wV7', 'Zz_9-yX8wV7'],
      ['https://youtube.com/shorts/Qq1Ww2Ee3Rr', 'Qq1Ww2Ee3Rr'],
      ['<iframe width="560" src="https://www.youtube-nocookie.com/embed/Tt5Yy6Uu7Ii" allowfullscreen></iframe>', 'Tt5Yy6Uu7Ii'],
      ['m.youtube.com/watch?v=Oo8Pp9Aa0Ss', 'Oo8Pp9Aa0Ss'],
      ['  Dd1Ff2Gg3Hh ', 'Dd1Ff2Gg3Hh'],
    ];
    for (const [input, id] of links) {
      const lesson = await make.lesson(course.id, { youtube_video_id: input });
      expect({ input, id: lesson.youtube_video_id }).toEqual({ input, id });
    }
    const noVideo = await make.lesson(course.id, { youtube_video_id: '' });
    expect(noVideo.youtube_video_id).toBeNull();
    const all = await adminLessons(course.id);
    expect(all.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const viewer = await http().get(`/api/courses/${course.id}/lessons`).set(subscriber).expect(200);
    expect(viewer.body).toEqual(all);
  });

  it('refuses bad lessons with clear messages and writes nothing', async () => {
    const course = await make.course();
    const cases: [unknown, string][] = [
      [{}, 'Título é obrigatório'],
      [{ title: '  ' }, 'Título é obrigatório'],
      [{ title: 'x'.repeat(300) }, 'Título muito longo'],
      [{ title: 'Aula', youtube_video_id: 'https://vimeo.com/123456' }, 'Link ou ID do YouTube inválido'],
      [{ title: 'Aula', youtube_video_id: 'curto' }, 'Link ou ID do YouTube inválido'],
      [{ title: 'Aula', youtube_video_id: 'https://www.youtube.com/watch?v=curto' }, 'Link ou ID do YouTube inválido'],
      [{ title: 'Aula', youtube_video_id: 12345678901 }, 'Link ou ID do YouTube inválido'],
      [{ title: 'Aula', duration_seconds: -5 }, 'A duração não pode ser negativa'],
      [{ title: 'Aula', duration_seconds: '-1:00' }, 'A duração não pode ser negativa'],
      [{ title: 'Aula', duration_seconds: 12.5 }, 'Duração inválida: informe os segundos ou o formato mm:ss'],
      [{ title: 'Aula', duration_seconds: '10 minutos' }, 'Duração inválida: informe os segundos ou o formato mm:ss'],
      [{ title: 'Aula', duration_seconds: '10:75' }, 'Duração inválida: informe os segundos ou o formato mm:ss'],
      [{ title: 'Aula', duration_seconds: true }, 'Duração inválida: informe os segundos ou o formato mm:ss'],
      [{ title: 'Aula', duration_seconds: 1e12 }, 'Duração muito longa (máximo 99:59:59)'],
      [{ title: 'Aula', position: 0 }, 'Posição inválida'],
      [{ title: 'Aula', position: 'primeira' }, 'Posição inválida'],
    ];
    for (const [body, error] of cases) {
      const res = await http().post(`/api/admin/courses/${course.id}/lessons`).set(admin).send(body as object);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error });
    }
    expect(await adminLessons(course.id)).toEqual([]);
    await http().post('/api/admin/courses/999999999/lessons').set(admin).send({ title: 'Aula' }).expect(404, { error: 'Curso não encontrado' });
    await http().get('/api/admin/courses/abc/lessons').set(admin).expect(404);
  });

  it('accepts h:mm:ss and numeric-text durations', async () => {
    const course = await make.course();
    expect((await make.lesson(course.id, { duration_seconds: '1:02:03' })).duration_seconds).toBe(3723);
    expect((await make.lesson(course.id, { duration_seconds: '754' })).duration_seconds).toBe(754);
    expect((await make.lesson(course.id, { duration_seconds: 0 })).duration_seconds).toBe(0);
    const course2 = await http().get(`/api/admin/courses/${course.id}`).set(admin).expect(200);
    expect(course2.body).toMatchObject({ lessons_count: 3, total_duration: 3723 + 754 });
  });

  it('inserts at a position, moves on update and closes the gap on delete', async () => {
    const course = await make.course();
    const a = await make.lesson(course.id, { title: 'A' });
    const b = await make.lesson(course.id, { title: 'B' });
    const c = await make.lesson(course.id, { title: 'C' });
    const first = await make.lesson(course.id, { title: 'Z', position: 1 });
    expect(first.position).toBe(1);
    expect(titles(await adminLessons(course.id))).toEqual(['Z', 'A', 'B', 'C']);
    await make.lesson(course.id, { title: 'Fim', position: 99 });
    expect(titles(await adminLessons(course.id))).toEqual(['Z', 'A', 'B', 'C', 'Fim']);

    const moved = await http().put(`/api/admin/lessons/${c.id}`).set(admin).send({ position: 2 }).expect(200);
    expect(moved.body).toMatchObject({ id: c.id, title: 'C', position: 2 });
    expect(titles(await adminLessons(course.id))).toEqual(['Z', 'C', 'A', 'B', 'Fim']);
    await http().put(`/api/admin/lessons/${first.id}`).set(admin).send({ position: 50 }).expect(200);
    expect(titles(await adminLessons(course.id))).toEqual(['C', 'A', 'B', 'Fim', 'Z']);

    const edited = await http()
      .put(`/api/admin/lessons/${a.id}`)
      .set(admin)
      .send({ title: 'A editada', description: 'nova', youtube_video_id: 'https://youtu.be/a1B2c3D4e5F', duration_seconds: '2:00' })
      .expect(200);
    expect(edited.body).toMatchObject({ title: 'A editada', description: 'nova', youtube_video_id: 'a1B2c3D4e5F', duration_seconds: 120, position: 2 });
    const cleared = await http().put(`/api/admin/lessons/${a.id}`).set(admin).send({ youtube_video_id: null, description: '' }).expect(200);
    expect(cleared.body).toMatchObject({ title: 'A editada', description: null, youtube_video_id: null, duration_seconds: 120 });
    // an uploaded video instead (product addition): our upload path or an http(s) link; blank clears it
    const upload = '/api/files/videos/0123456789abcdef0123456789abcdef.mp4';
    const withFile = await http().put(`/api/admin/lessons/${a.id}`).set(admin).send({ video_file_url: upload }).expect(200);
    expect(withFile.body).toMatchObject({ youtube_video_id: null, video_file_url: upload });
    await http().put(`/api/admin/lessons/${a.id}`).set(admin).send({ video_file_url: 'javascript:alert(1)' }).expect(400, { error: 'URL do arquivo de vídeo inválida' });
    const noFile = await http().put(`/api/admin/lessons/${a.id}`).set(admin).send({ video_file_url: '' }).expect(200);
    expect(noFile.body).toMatchObject({ video_file_url: null });
    await http().put(`/api/admin/lessons/${a.id}`).set(admin).send({ duration_seconds: -1 }).expect(400, { error: 'A duração não pode ser negativa' });

    await http().delete(`/api/admin/lessons/${b.id}`).set(admin).expect(200, { success: true });
    const after = await adminLessons(course.id);
    expect(titles(after)).toEqual(['C', 'A editada', 'Fim', 'Z']);
    expect(after.map((l) => l.position)).toEqual([1, 2, 3, 4]);
    await http().delete(`/api/admin/lessons/${b.id}`).set(admin).expect(404, { error: 'Aula não encontrada' });
    await http().put(`/api/admin/lessons/${b.id}`).set(admin).send({ title: 'x' }).expect(404);
    await http().delete('/api/admin/lessons/xyz').set(admin).expect(404);
  });

  it('reorders with exactly the course lessons, and refuses any other list', async () => {
    const course = await make.course();
    const other = await make.course();
    const [l1, l2, l3] = [await make.lesson(course.id, { title: '1' }), await make.lesson(course.id, { title: '2' }), await make.lesson(course.id, { title: '3' })];
    const foreign = await make.lesson(other.id);
    const res = await http().put(`/api/admin/courses/${course.id}/lessons/order`).set(admin).send({ lesson_ids: [l3.id, l1.id, l2.id] }).expect(200);
    expect(titles(res.body)).toEqual(['3', '1', '2']);
    expect(res.body.map((l: CourseLesson) => l.position)).toEqual([1, 2, 3]);

    const bad: unknown[] = [
      { lesson_ids: [l1.id, l2.id] },
      { lesson_ids: [l1.id, l2.id, l3.id, foreign.id] },
      { lesson_ids: [l1.id, l2.id, foreign.id] },
      { lesson_ids: [l1.id, l1.id, l2.id, l3.id] },
      { lesson_ids: [l1.id, l1.id, l2.id] },
    ];
    for (const body of bad) {
      const r = await http().put(`/api/admin/courses/${course.id}/lessons/order`).set(admin).send(body as object);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: 'A nova ordem deve conter exatamente as aulas do curso, cada uma uma vez' });
    }
    for (const body of [{}, { lesson_ids: 'abc' }, { lesson_ids: ['a'] }, { lesson_ids: [-1] }]) {
      const r = await http().put(`/api/admin/courses/${course.id}/lessons/order`).set(admin).send(body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: 'lesson_ids deve ser uma lista de ids de aulas' });
    }
    expect(titles(await adminLessons(course.id))).toEqual(['3', '1', '2']);
    await http().put('/api/admin/courses/999999999/lessons/order').set(admin).send({ lesson_ids: [] }).expect(404);
  });

  it('hides the lessons of a draft from subscribers and keeps the admin routes closed', async () => {
    const draft = await make.course({ is_published: 0 });
    await make.lesson(draft.id);
    await http().get(`/api/courses/${draft.id}/lessons`).set(subscriber).expect(404, { error: 'Curso não encontrado' });
    expect(await adminLessons(draft.id)).toHaveLength(1);
    await http().get(`/api/admin/courses/${draft.id}/lessons`).set(anonymous).expect(401);
    await http().post(`/api/admin/courses/${draft.id}/lessons`).set(subscriber).send({ title: 'x' }).expect(403);
    await http().put(`/api/admin/courses/${draft.id}/lessons/order`).set(subscriber).send({ lesson_ids: [] }).expect(403);
    await http().put('/api/admin/lessons/1').set(subscriber).send({ title: 'x' }).expect(403);
    await http().delete('/api/admin/lessons/1').set(anonymous).expect(401);
  });
});
