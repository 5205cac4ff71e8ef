import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@clima/common';
import { AppModule } from '../src/app.module';
import { loadAuthConfig } from '../src/config';

describe('auth /health', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    const config = loadAuthConfig();
    app = await createServiceApp(AppModule.forRoot(config), config);
  });
  afterAll(() => app.close());

  it('checks the database and Redis', async () => {
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', service: 'auth', checks: { database: 'ok', redis: 'ok' } });
    expect(res.headers['x-service']).toBe('auth');
  });

  it('answers an unknown path with a Portuguese error body', async () => {
    const res = await request(app.getHttpServer()).get('/api/nao-existe').expect(404);
    expect(res.body).toEqual({ error: 'Não encontrado' });
  });
});
