import { INestApplication, RequestMethod } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { Access, ACCESS_KEY } from './access';

export interface DeclaredRoute {
  method: string;
  path: string;
  access: Access | undefined;
  handler: string;
  /** The handler method itself (its metadata: shared answers, audit…). */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  fn: Function;
}

function joinPath(...parts: (string | string[] | undefined)[]): string {
  const p = parts
    .map((x) => (Array.isArray(x) ? x[0] : x) ?? '')
    .join('/')
    .replace(/\/+/g, '/')
    .replace(/\/$/, '');
  return p.startsWith('/') ? p : `/${p}`;
}

/** Lists every HTTP route of the app with its declared access. */
export function listRoutes(app: INestApplication): DeclaredRoute[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
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
      const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [fn, wrapper.metatype]);
      routes.push({ method: RequestMethod[method], path: joinPath(base, path), access, handler: `${wrapper.name}.${name}`, fn });
    }
  }
  return routes;
}

/**
 * Fails start-up when a route declares no access rule, or an /api/admin route is not admin-only:
 * a new route cannot silently be left open.
 */
export function assertRoutesDeclareAccess(app: INestApplication, more: readonly DeclaredRoute[] = []): void {
  const problems: string[] = [];
  for (const r of [...listRoutes(app), ...more]) {
    if (!r.access) problems.push(`${r.method} ${r.path} (${r.handler}) não declara regra de acesso`);
    else if (r.path.startsWith('/api/admin/') && r.access !== 'admin' && !r.path.startsWith('/api/admin/auth/')) {
      problems.push(`${r.method} ${r.path} (${r.handler}) é rota de admin sem @AdminOnly()`);
    }
  }
  if (problems.length) throw new Error(`Rotas sem proteção:\n${problems.join('\n')}`);
}
