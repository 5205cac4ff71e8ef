import { AccessGuard, AppError, type AssertedIdentity, RouteAccess, SERVICE_NAMES } from '@clima/common';
import { ACCESS_EXTENSION, openApiDocument, openApiPath } from '@clima/contract/openapi';
import { API_ROUTES, pathRegex, type RouteDef, ROUTES, routesOfService, SERVICE_ROUTES, splitRouteKey } from '@clima/contract/routes';
import { join } from 'node:path';
import { optionsFromEnv } from '../src/cli';
import { renderNginx } from '../src/render';

/**
 * The derivation: every row of the one route table (packages/contract/src/routes.ts) comes out the same in the three
 * things built from it — the gateway's nginx configuration, the owning service's guard and the OpenAPI operation.
 */

const conf = renderNginx(optionsFromEnv({ GATEWAY_RUNTIME_DIR: '/tmp/clima-route-table-spec', GATEWAY_PORT: '18997' }, join(__dirname, '../..')));

/** The body of the `location` block that opens with `head` (nested blocks included), or undefined. */
function locationBlock(head: string): string | undefined {
  const start = conf.indexOf(`${head} {\n`);
  if (start < 0) return undefined;
  let depth = 0;
  for (let i = start; i < conf.length; i++) {
    if (conf[i] === '{') depth++;
    else if (conf[i] === '}' && --depth === 0) return conf.slice(start, i + 1);
  }
  return undefined;
}

const locationOf = (path: string) => locationBlock(path.includes(':') ? `location ~ ${pathRegex(path)}` : `location = ${path}`);

const IDENTITIES: Record<string, AssertedIdentity> = {
  anonymous: { user: null, admin: null, ip: null },
  user: { user: { id: 'u1', email: 'u@x.br', name: 'U', subscriptionStatus: 'inactive', isAdmin: false }, admin: null, ip: null },
  subscriber: { user: { id: 'u2', email: 's@x.br', name: 'S', subscriptionStatus: 'active', isAdmin: false }, admin: null, ip: null },
  admin: { user: null, admin: { id: 'a1', username: 'admin' }, ip: null },
};

/** What the owning service's guard answers each caller on the route: 'ok', 401 or 403. */
function guardDecisions(method: string, path: string, service: string): Record<string, 'ok' | number> {
  const routes = new RouteAccess(service, routesOfService(service));
  const handler = () => undefined;
  routes.bind([{ method, path, access: undefined, handler: 'Spec.handler', fn: handler }]);
  const guard = new AccessGuard(routes);
  const out: Record<string, 'ok' | number> = {};
  for (const [who, identity] of Object.entries(IDENTITIES)) {
    const ctx = { getType: () => 'http', getHandler: () => handler, switchToHttp: () => ({ getRequest: () => ({ identity }) }) };
    try {
      guard.canActivate(ctx as never);
      out[who] = 'ok';
    } catch (err) {
      out[who] = (err as AppError).status;
    }
  }
  return out;
}

/** What the OpenAPI operation promises each caller, read from its security and error answers alone. */
function documentedDecisions(op: Record<string, unknown>): Record<string, 'ok' | number> {
  const security = (op.security as Record<string, string[]>[] | undefined)?.flatMap((s) => Object.keys(s)) ?? [];
  const errors = Object.keys((op.responses as Record<string, unknown>) ?? {});
  if (!security.length) return { anonymous: 'ok', user: 'ok', subscriber: 'ok', admin: 'ok' };
  const adminOnly = security.includes('adminSession');
  const subscribersOnly = !adminOnly && errors.includes('403');
  return {
    anonymous: 401,
    user: adminOnly || subscribersOnly ? 403 : 'ok',
    subscriber: adminOnly ? 403 : 'ok',
    admin: adminOnly ? 'ok' : 401,
  };
}

const ROWS = Object.entries(API_ROUTES as Record<string, RouteDef>);

describe('the one route table and what is derived from it', () => {
  it.each(ROWS)('%s: nginx, the guard and the OpenAPI operation agree', (key, row) => {
    const [method, path] = splitRouteKey(key);
    const samePath = ROUTES.filter((r) => r.path === path);

    // the gateway: one location for the path, to the owner, with the row's options
    const location = locationOf(path);
    expect(location).toBeDefined();
    expect(location).toContain(`proxy_pass http://${row.service};`);
    expect(location).toContain(`client_max_body_size ${samePath.find((r) => r.maxBody)?.maxBody ?? '1m'};`);
    expect(location!.includes('proxy_request_buffering off;')).toBe(samePath.some((r) => r.stream));
    expect(location!.includes('keepalive_timeout 0;')).toBe(samePath.some((r) => r.stream));
    expect(location!.includes(`error_page 418 = @anonymous_${row.service};`)).toBe(samePath.some((r) => r.anonymousCache));
    expect(location!.includes('limit_req zone=lookups')).toBe(samePath.some((r) => r.lookupLimit));

    // the OpenAPI operation: the row's access, and the same decisions as the guard
    const op = openApiDocument().paths?.[openApiPath(path)]?.[method.toLowerCase() as 'get'] as Record<string, unknown> | undefined;
    expect(op).toBeDefined();
    expect(op![ACCESS_EXTENSION]).toBe(row.access);
    const decisions = guardDecisions(method, path, row.service);
    expect(decisions).toEqual(documentedDecisions(op!));

    // an answer nginx keeps for anonymous callers skips the identity check: the guard must let anonymous through
    if (row.anonymousCache) expect(decisions.anonymous).toBe('ok');
    // every refusal the guard makes is documented
    for (const status of Object.values(decisions)) if (status !== 'ok') expect(Object.keys(op!.responses as object)).toContain(String(status));
  });

  it('derives nothing else: no /api location nginx proxies, nor an operation, outside the table', () => {
    const keys = new Set(ROUTES.map((r) => `${r.method} ${openApiPath(r.path)}`));
    const operations = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.filter((o) => !keys.has(o))).toEqual([]);
    expect(operations).toHaveLength(ROUTES.length);
    const paths = new Set(ROUTES.map((r) => (r.path.includes(':') ? `~ ${pathRegex(r.path)}` : `= ${r.path}`)));
    const proxied = [...conf.matchAll(/location (= \/api\/\S+|~ \^\/api\/\S+) \{/g)].map((m) => m[1]!);
    expect(proxied.filter((p) => !paths.has(p))).toEqual([]);
  });

  it('keeps the service routes off the gateway and the document, and gives each a service that serves it', () => {
    const doc = openApiDocument().paths ?? {};
    for (const key of Object.keys(SERVICE_ROUTES)) {
      const [, path] = splitRouteKey(key);
      // nginx proxies none of them (it answers /internal/* itself with a 404)
      expect(locationBlock(`location = ${path}`) ?? '').not.toContain('proxy_pass');
      expect(doc[path]).toBeUndefined();
    }
    for (const s of SERVICE_NAMES) expect(routesOfService(s).map((r) => r.path)).toEqual(expect.arrayContaining(['/health', '/metrics']));
    expect(routesOfService('auth').map((r) => `${r.method} ${r.path} ${r.access}`)).toContain('GET /internal/identity internal');
  });

  it('closes a route absent from the table: the guard refuses a handler on no row', () => {
    const routes = new RouteAccess('catalog', routesOfService('catalog'));
    const handler = () => undefined;
    routes.bind([{ method: 'GET', path: '/api/not-in-the-table', access: undefined, handler: 'Spec.handler', fn: handler }]);
    const ctx = { getType: () => 'http', getHandler: () => handler, switchToHttp: () => ({ getRequest: () => ({ identity: IDENTITIES.admin }) }) };
    expect(() => new AccessGuard(routes).canActivate(ctx as never)).toThrow(AppError);
  });
});
