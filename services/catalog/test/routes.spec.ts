import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listRoutes } from '@clima/common';
import { ROUTES } from '../../../gateway/src/routes';
import { catalogApp } from './helpers';

describe('catalog routes', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await catalogApp();
  });
  afterAll(() => app.close());

  it('serves exactly the routes the gateway table gives the catalog, with the same access', () => {
    const served = listRoutes(app)
      .filter((r) => r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path} ${r.access}`)
      .sort();
    const table = ROUTES.filter((r) => r.service === 'catalog')
      .map((r) => `${r.method} ${r.path} ${r.access}`)
      .sort();
    expect(served).toEqual(table);
  });

  it('reports its health with the database and Redis', async () => {
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', service: 'catalog', checks: { database: 'ok', redis: 'ok' } });
  });
});
