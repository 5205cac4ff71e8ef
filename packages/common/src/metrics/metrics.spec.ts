import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { routesOfService } from '@clima/contract/routes';
import { createServiceApp } from '../bootstrap';
import { loadConfig } from '../config/config';
import { CONFIG } from '../platform.tokens';
import { metricsTokenMatches } from './metrics';
import { MetricsController } from './metrics.controller';

const TOKEN = 'metrics-token-for-the-spec-0123456789';

/** A service app as every service builds it (route checks need discovery), with only the metrics route. */
async function appWith(env: Record<string, string>): Promise<NestFastifyApplication> {
  const config = loadConfig('catalog', {}, { ...process.env, ...env });
  @Module({ imports: [DiscoveryModule], controllers: [MetricsController], providers: [{ provide: CONFIG, useValue: config }] })
  class MetricsOnly {}
  return createServiceApp(MetricsOnly, config, { routes: routesOfService('catalog').filter((r) => r.path === '/metrics') });
}

describe('GET /metrics', () => {
  describe('with METRICS_TOKEN set', () => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      app = await appWith({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => app.close());
    const http = () => request(app.getHttpServer());

    it('refuses a scraper without a token with 401 JSON', async () => {
      const res = await http().get('/metrics').expect(401);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).toEqual({ error: 'Token de métricas ausente ou inválido' });
      expect(res.text).not.toContain('process_cpu');
    });

    it('refuses a wrong token, a token of another length, another scheme and a prefix of the right one', async () => {
      for (const authorization of [`Bearer ${TOKEN.slice(0, -1)}x`, 'Bearer x', `Basic ${TOKEN}`, `Bearer ${TOKEN.slice(0, 20)}`, TOKEN, `Bearer ${TOKEN}extra`]) {
        const res = await http().get('/metrics').set('Authorization', authorization);
        expect([authorization, res.status, res.body]).toEqual([authorization, 401, { error: 'Token de métricas ausente ou inválido' }]);
      }
    });

    it('answers the Prometheus text to the right token', async () => {
      const res = await http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toContain('# TYPE process_cpu_seconds_total counter');
      expect(res.text).toMatch(/^process_cpu_seconds_total\{service="catalog"\} [\d.e+-]+$/m);
      // the scheme is case-insensitive (RFC 9110)
      await http().get('/metrics').set('Authorization', `bearer ${TOKEN}`).expect(200);
    });
  });

  it('is not there at all while no token is configured', async () => {
    const app = await appWith({ METRICS_TOKEN: '' });
    try {
      const res = await request(app.getHttpServer()).get('/metrics').set('Authorization', 'Bearer ').expect(404);
      expect(res.body).toEqual({ error: 'Não encontrado' });
    } finally {
      await app.close();
    }
  });

  it('a token shorter than 16 characters stops start-up naming the variable', () => {
    expect(() => loadConfig('catalog', {}, { METRICS_TOKEN: 'curto' })).toThrow(/METRICS_TOKEN: use pelo menos 16 caracteres/);
  });

  it('compares the whole token', () => {
    expect(metricsTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(metricsTokenMatches(undefined, TOKEN)).toBe(false);
    expect(metricsTokenMatches(`Bearer ${TOKEN} ${TOKEN}`, TOKEN)).toBe(false);
  });
});
