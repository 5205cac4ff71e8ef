import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CoursePreview } from '@clima/contract';
import { admin, anonymous, buildApp, Factory, userHeaders } from './helpers';

/** The locked preview of a shared course (issue 25): public, and nothing a subscription pays for. */
describe('course preview', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  const http = () => request(app.getHttpServer());
  beforeAll(async () => {
    app = await buildApp();
    make = new Factory(app);
  });
  afterAll(() => app.close());

  it('shows a published course with its lessons by title and duration, without any video source', async () => {
    const cat = await make.category();
    const course = await make.course({
      title: 'Carga de fluido R-32',
      description: 'Da balança ao superaquecimento.',
      course_category_id: cat.id,
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      video_file_url: '/api/files/videos/curso-secreto.mp4',
    });
    const first = await make.lesson(course.id, { title: 'Balança e cilindro', description: 'Descrição paga da lição.', youtube_video_id: 'M7lc1UVf-VE', duration_seconds: 90 });
    const second = await make.lesson(course.id, { title: 'Superaquecimento', video_file_url: '/api/files/videos/licao-secreta.mp4', duration_seconds: 30 });

    for (const caller of [anonymous, userHeaders(undefined, 'inactive'), userHeaders()]) {
      const res = await http().get(`/api/courses/${course.id}/preview`).set(caller).expect(200);
      expect(res.body).toEqual({
        id: course.id,
        title: 'Carga de fluido R-32',
        description: 'Da balança ao superaquecimento.',
        category_name: cat.name,
        category_slug: cat.slug,
        lessons_count: 2,
        total_duration: 120,
        cover_image_url: null,
        lessons: [
          { id: first.id, title: 'Balança e cilindro', duration_seconds: 90 },
          { id: second.id, title: 'Superaquecimento', duration_seconds: 30 },
        ],
      });
      CoursePreview.parse(res.body);
      const text = JSON.stringify(res.body);
      for (const paid of ['dQw4w9WgXcQ', 'M7lc1UVf-VE', 'curso-secreto', 'licao-secreta', 'Descrição paga', 'video']) expect(text).not.toContain(paid);
    }
  });

  it('answers 404 for a draft, an unknown id or a bad id', async () => {
    const draft = await make.course({ title: 'Rascunho', is_published: 0 });
    await make.lesson(draft.id, { title: 'Lição do rascunho' });
    const res = await http().get(`/api/courses/${draft.id}/preview`).set(anonymous).expect(404);
    expect(res.body).toEqual({ error: expect.any(String) });
    await http().get('/api/courses/999999999/preview').set(anonymous).expect(404);
    await http().get('/api/courses/abc/preview').set(anonymous).expect(404);
    // the administrator still sees the draft on the admin routes
    await http().get(`/api/admin/courses/${draft.id}`).set(admin).expect(200);
  });
});
