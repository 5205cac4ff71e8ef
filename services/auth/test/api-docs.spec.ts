import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listRoutes } from '@clima/common';
import { ROUTES } from '../../../gateway/src/routes';
import { bootApp } from './helpers';

describe('auth /api/docs', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    ({ app } = await bootApp());
  });
  afterAll(() => app.close());

  it('serves the OpenAPI 3.1 document of every route to anyone', async () => {
    const res = await request(app.getHttpServer()).get('/api/docs/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    const operations = Object.values(res.body.paths as Record<string, Record<string, unknown>>).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(operations).toBe(ROUTES.length);
  });

  it('serves a readable page listing the operations, without external assets', async () => {
    const res = await request(app.getHttpServer()).get('/api/docs').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<code>/api/courses/{id}/lessons/{lessonId}/progress</code>');
    expect(res.text).toContain('href="/api/docs/openapi.json"');
    expect(res.text).not.toMatch(/<script|src="http|href="http/);
  });

  it('declares both routes public in the service as in the gateway table', () => {
    const served = listRoutes(app).filter((r) => r.path.startsWith('/api/docs')).map((r) => `${r.method} ${r.path} ${r.access}`).sort();
    const table = ROUTES.filter((r) => r.path.startsWith('/api/docs')).map((r) => `${r.method} ${r.path} ${r.access}`).sort();
    expect(served).toEqual(table);
  });
});
