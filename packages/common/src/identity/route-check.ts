import { INestApplication, RequestMethod } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ROUTES, type ServedRoute } from '@clima/contract/routes';
import type { Access } from '@clima/contract/routes';

/** A route a service serves: a Nest handler or a platform route (http/platform-routes.ts). */
export interface DeclaredRoute {
  method: string;
  path: string;
  /** Its row's access in the route table (undefined when the table has no row for it: the boot check refuses it). */
  access: Access | undefined;
  handler: string;
  /** The handler method itself (its metadata: shared answers, audit…). */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  fn: Function;
}

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase()}`;

/**
 * The rows of the route table (packages/contract/src/routes.ts) one service serves, and the access of each of its
 * handlers once bound: what the guard, the audit interceptor and the boot check read. No handler declares access.
 */
export class RouteAccess {
  private readonly rows = new Map<string, ServedRoute>();
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  private readonly byHandler = new Map<Function, Access>();

  constructor(
    readonly service: string,
    readonly table: readonly ServedRoute[],
  ) {
    for (const r of table) this.rows.set(keyOf(r.method, r.path), r);
  }

  /** The table's row of a method and path (a HEAD is its GET's), or undefined. */
  row(method: string, path: string): ServedRoute | undefined {
    return this.rows.get(keyOf(method, path)) ?? (method.toUpperCase() === 'HEAD' ? this.rows.get(keyOf('GET', path)) : undefined);
  }

  /** Binds every served handler to its row's access. */
  bind(routes: readonly DeclaredRoute[]): void {
    for (const r of routes) {
      const row = this.row(r.method, r.path);
      if (row) this.byHandler.set(r.fn, row.access);
    }
  }

  /** The access of a handler, from its route's row; undefined for a handler on no row (closed by the guard). */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  of(handler: Function): Access | undefined {
    return this.byHandler.get(handler);
  }
}

/** The route table of each app built by createServiceApp. */
const tables = new WeakMap<object, RouteAccess>();

export function useRouteAccess(app: INestApplication, routes: RouteAccess): void {
  tables.set(app, routes);
}

/** The route table an app serves (set by createServiceApp). */
export function routeAccessOf(app: INestApplication): RouteAccess | undefined {
  return tables.get(app);
}

function joinPath(...parts: (string | string[] | undefined)[]): string {
  const p = parts
    .map((x) => (Array.isArray(x) ? x[0] : x) ?? '')
    .join('/')
    .replace(/\/+/g, '/')
    .replace(/\/$/, '');
  return p.startsWith('/') ? p : `/${p}`;
}

/** Lists every HTTP route of the app's controllers with its access in the route table. */
export function listRoutes(app: INestApplication): DeclaredRoute[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const table = routeAccessOf(app);
  const routes: DeclaredRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as object | undefined;
    if (!instance || !wrapper.metatype) continue;
    const base = Reflect.getMetadata(PATH_METADATA, wrapper.metatype) as string | string[] | undefined;
    const proto = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(proto)) {
      const fn = proto[name];
      const path = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      const full = joinPath(base, path);
      const verb = RequestMethod[method];
      routes.push({ method: verb, path: full, access: table?.row(verb, full)?.access, handler: `${wrapper.name}.${name}`, fn });
    }
  }
  return routes;
}

/**
 * The boot check: fails start-up when the service serves a route the table does not give it (a new handler cannot
 * be left without an access rule), or when a row of the table owned by this service has no handler (a route the
 * gateway would send to a service that 404s it).
 */
export function assertRoutesMatchTable(served: readonly DeclaredRoute[], routes: RouteAccess): void {
  const problems: string[] = [];
  const matched = new Set<ServedRoute>();
  for (const r of served) {
    const row = routes.row(r.method, r.path);
    if (row) {
      matched.add(row);
      continue;
    }
    const owner = ROUTES.find((t) => keyOf(t.method, t.path) === keyOf(r.method, r.path))?.service;
    problems.push(
      owner
        ? `${r.method} ${r.path} (${r.handler}) é rota de ${owner} na tabela de rotas, não de ${routes.service}`
        : `${r.method} ${r.path} (${r.handler}) não está na tabela de rotas (packages/contract/src/routes.ts)`,
    );
  }
  for (const row of routes.table) {
    if (!matched.has(row)) problems.push(`${row.method} ${row.path} (tabela de rotas, ${row.service}) não tem handler em ${routes.service}`);
  }
  for (const row of routes.table) {
    if (row.path.startsWith('/api/admin/') && !row.path.startsWith('/api/admin/auth/') && row.access !== 'admin') {
      problems.push(`${row.method} ${row.path} é rota de admin sem acesso admin na tabela de rotas`);
    }
  }
  if (problems.length) throw new Error(`Rotas fora da tabela de rotas:\n${problems.join('\n')}`);
}
