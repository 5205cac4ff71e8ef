import { routesOfService, type ServedRoute } from '@clima/contract/routes';
import { assertRoutesMatchTable, type DeclaredRoute, RouteAccess } from '../identity/route-check';
import { declaredPlatformRoutes, PlatformRoute } from './platform-routes';

describe('the boot check against the route table', () => {
  const table = (...rows: Partial<ServedRoute>[]) =>
    new RouteAccess(
      'ranking',
      rows.map((r) => ({ method: 'POST', path: '/api/x', service: 'ranking', access: 'user', ...r }) as ServedRoute),
    );
  const platform = (over: Partial<PlatformRoute> = {}): PlatformRoute => ({ method: 'POST', path: '/api/x', handler: () => ({ ok: true }), ...over });
  const handler = (method: string, path: string): DeclaredRoute => ({ method, path, access: undefined, handler: `Spec.${method}`, fn: () => undefined });

  it('lists a platform route once, under the method its row names, with that row access', () => {
    const rows = table({ access: 'user' });
    expect(declaredPlatformRoutes([platform({ method: ['HEAD', 'POST'] })], rows).map((r) => `${r.method} ${r.path} ${r.access}`)).toEqual(['POST /api/x user']);
  });

  it('starts when every handler has its row and every row of the service its handler', () => {
    const rows = table({}, { method: 'GET', path: '/api/y', access: 'public' });
    expect(() => assertRoutesMatchTable([...declaredPlatformRoutes([platform()], rows), handler('GET', '/api/y')], rows)).not.toThrow();
  });

  it('refuses a handler the table does not list', () => {
    const rows = table({});
    expect(() => assertRoutesMatchTable([handler('POST', '/api/x'), handler('DELETE', '/api/x')], rows)).toThrow(/DELETE \/api\/x \(Spec\.DELETE\) não está na tabela de rotas/);
  });

  it('refuses a handler of a route the table gives another service', () => {
    expect(() => assertRoutesMatchTable([handler('POST', '/api/x'), handler('GET', '/api/contents')], table({}))).toThrow(/GET \/api\/contents .* é rota de catalog na tabela de rotas, não de ranking/);
  });

  it('refuses a row of the service without a handler', () => {
    const rows = table({}, { method: 'GET', path: '/api/y', access: 'public' });
    expect(() => assertRoutesMatchTable([handler('POST', '/api/x')], rows)).toThrow(/GET \/api\/y \(tabela de rotas, ranking\) não tem handler em ranking/);
  });

  it('refuses an /api/admin row that is not admin-only', () => {
    const rows = table({ path: '/api/admin/x', access: 'user' });
    expect(() => assertRoutesMatchTable([handler('POST', '/api/admin/x')], rows)).toThrow(/POST \/api\/admin\/x é rota de admin sem acesso admin/);
  });

  it('requires a row served under a setting only when the service runs with it', () => {
    const sandbox = (settings: Record<string, unknown>) => routesOfService('billing', settings).filter((r) => r.path.startsWith('/api/billing/sandbox/'));
    expect(sandbox({ BILLING_PROVIDER: 'sandbox' })).toHaveLength(7);
    expect(sandbox({ BILLING_PROVIDER: 'stripe' })).toEqual([]);
  });
});
