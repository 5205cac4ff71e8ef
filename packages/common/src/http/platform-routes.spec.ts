import { Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { assertRoutesDeclareAccess } from '../identity/route-check';
import { declaredPlatformRoutes, PlatformRoute } from './platform-routes';

@Module({ imports: [DiscoveryModule] })
class Bare {}

describe('platform routes in the boot check', () => {
  const route = (over: Partial<PlatformRoute>): PlatformRoute => ({ method: 'POST', path: '/api/x', access: 'user', handler: () => ({ ok: true }), ...over });

  it('lists every method of a platform route with its declared access', () => {
    expect(declaredPlatformRoutes([route({ method: ['POST', 'HEAD'] })]).map((r) => `${r.method} ${r.path} ${r.access}`)).toEqual(['POST /api/x user', 'HEAD /api/x user']);
  });

  it('fails start-up for a platform route without access, or an admin path that is not admin-only', async () => {
    const app = await NestFactory.createApplicationContext(Bare, { logger: false });
    try {
      expect(() => assertRoutesDeclareAccess(app as never, declaredPlatformRoutes([route({})]))).not.toThrow();
      expect(() => assertRoutesDeclareAccess(app as never, declaredPlatformRoutes([route({ access: undefined as never })]))).toThrow(/POST \/api\/x .* não declara regra de acesso/);
      expect(() => assertRoutesDeclareAccess(app as never, declaredPlatformRoutes([route({ path: '/api/admin/x', access: 'user' })]))).toThrow(/rota de admin sem @AdminOnly/);
    } finally {
      await app.close();
    }
  });
});
