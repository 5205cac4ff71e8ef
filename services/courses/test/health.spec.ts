import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listRoutes } from '@clima/common';
import { ROUTES } from '../../../gateway/src/routes';
import { buildApp } from './helpers';

describe('courses service', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await buildApp();
  });
  afterAll(() => app.close());

  it('checks the database and Redis', async () => {
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', service: 'courses', checks: { database: 'ok', redis: 'ok' } });
  });

  it('serves exactly the routes the gateway gives it, with the same access rule', () => {
    const mine = listRoutes(app)
      .filter((r) => r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path} ${r.access}`)
      .sort();
    const table = ROUTES.filter((r) => r.service === 'courses')
      .map((r) => `${r.method} ${r.path} ${r.access}`)
      .sort();
    expect(mine).toEqual(table);
  });
});
