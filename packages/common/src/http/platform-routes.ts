import type { FastifyInstance, HTTPMethods } from 'fastify';
import { ErrorFilter } from '../errors/error.filter';
import { assertAccess, requestIdentity } from '../identity/access';
import type { DeclaredRoute, RouteAccess } from '../identity/route-check';
import type { HttpReply, HttpRequest } from './request-context';

/**
 * A route answered by Fastify itself, beside the Nest controllers, for the platform's hottest paths (auth's
 * /internal/identity, ranking's heartbeat): no Nest guards, pipes or interceptors, but everything else of the
 * one pipeline — the request id, the default headers, the duration histogram, the 5xx counter and the log line
 * (http/request-context.ts), the caller's identity from the signed assertion, the body parsers, the access rule
 * of every route (`assertAccess`, with the access of the route's row in the route table, checked at boot with the
 * controllers' routes) and the error shapes (`ErrorFilter`). A service lists its routes under PLATFORM_ROUTES;
 * `createServiceApp` registers them. A route answering several methods has the access of the one its row names
 * (the heartbeat's HEAD is its POST's; auth's identity check answers every method nginx checks).
 */
export interface PlatformRoute {
  method: HTTPMethods | HTTPMethods[];
  /** Exact path. */
  path: string;
  /** Largest body accepted, in bytes (413 beyond); the service's JSON limit otherwise. */
  bodyLimit?: number;
  /** No log line per answer (the metrics still count it). */
  quiet?: boolean;
  /** Answers through the reply (or returns the JSON answer); a thrown error is answered as every route's. */
  handler(req: HttpRequest, reply: HttpReply): unknown;
}
export const PLATFORM_ROUTES = Symbol('PLATFORM_ROUTES');

/** What the request context reads from a route's Fastify config. */
export interface RouteConfig {
  quiet?: boolean;
}

const METHODS_OF = (m: PlatformRoute['method']): string[] => (Array.isArray(m) ? m : [m]);

/** The method of a platform route its row in the table names (the first of its methods that has one). */
function tableMethod(r: PlatformRoute, table: Pick<RouteAccess, 'row'>): string {
  const methods = METHODS_OF(r.method);
  return methods.find((m) => table.row(m, r.path)) ?? methods[0]!;
}

/** Registers the routes on the app's Fastify instance (before it is ready), each with its row's access. */
export function registerPlatformRoutes(fastify: FastifyInstance, routes: readonly PlatformRoute[], table: Pick<RouteAccess, 'row'>): void {
  const filter = new ErrorFilter();
  for (const r of routes) {
    // undefined when the table has no row: closed here, and the boot check refuses to start
    const access = table.row(tableMethod(r, table), r.path)?.access;
    fastify.route({
      method: r.method,
      url: r.path,
      ...(r.bodyLimit ? { bodyLimit: r.bodyLimit } : {}),
      config: { quiet: r.quiet ?? false } satisfies RouteConfig,
      // before the body is read: a caller who may not ask is refused at once
      onRequest: (req, _reply, done) => {
        try {
          assertAccess(access, requestIdentity(req));
          done();
        } catch (err) {
          done(err as Error);
        }
      },
      errorHandler: (err, _req, reply) => {
        const { status, error } = filter.describe(err);
        void reply.code(status).send({ error });
      },
      handler: (req, reply) => r.handler(req, reply),
    });
  }
}

/** The routes as the boot check lists them: one per platform route, under the method its row names. */
export function declaredPlatformRoutes(routes: readonly PlatformRoute[], table: Pick<RouteAccess, 'row'>): DeclaredRoute[] {
  return routes.map((r) => {
    const method = tableMethod(r, table);
    return { method, path: r.path, access: table.row(method, r.path)?.access, handler: `PLATFORM_ROUTES ${r.path}`, fn: r.handler };
  });
}
