import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listRoutes } from '@clima/common';
import { ROUTES } from '../../../gateway/src/routes';
import { buildApp } from './helpers';

describe('manuals service', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await buildApp();
  });
  afterAll(() => app.close());

  it('checks the database and Redis on /health', async () => {
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', service: 'manuals', checks: { database: 'ok', redis: 'ok' } });
    expect(res.headers['x-service']).toBe('manuals');
  });

  it('serves exactly the routes the gateway table gives it, with the same access', () => {
    const mine = ROUTES.filter((r) => r.service === 'manuals').map((r) => `${r.method} ${r.path} ${r.access}`).sort();
    const served = listRoutes(app)
      .filter((r) => r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path} ${r.access}`)
      .sort();
    expect(served).toEqual(mine);
  });
});
