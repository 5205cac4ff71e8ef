import type { FastifyInstance, HTTPMethods } from 'fastify';
import { ErrorFilter } from '../errors/error.filter';
import { Access, assertAccess, requestIdentity } from '../identity/access';
import type { DeclaredRoute } from '../identity/route-check';
import type { HttpReply, HttpRequest } from './request-context';

/**
 * A route answered by Fastify itself, beside the Nest controllers, for the platform's hottest paths (auth's
 * /internal/identity, ranking's heartbeat): no Nest guards, pipes or interceptors, but everything else of the
 * one pipeline — the request id, the default headers, the duration histogram, the 5xx counter and the log line
 * (http/request-context.ts), the caller's identity from the signed assertion, the body parsers, the access rule
 * of every route (`assertAccess`, declared here and checked at boot with the controllers' routes) and the error
 * shapes (`ErrorFilter`). A service lists its routes under PLATFORM_ROUTES; `createServiceApp` registers them.
 */
export interface PlatformRoute {
  method: HTTPMethods | HTTPMethods[];
  /** Exact path. */
  path: string;
  access: Access;
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

/** Registers the routes on the app's Fastify instance (before it is ready). */
export function registerPlatformRoutes(fastify: FastifyInstance, routes: readonly PlatformRoute[]): void {
  const filter = new ErrorFilter();
  for (const r of routes) {
    fastify.route({
      method: r.method,
      url: r.path,
      ...(r.bodyLimit ? { bodyLimit: r.bodyLimit } : {}),
      config: { quiet: r.quiet ?? false } satisfies RouteConfig,
      // before the body is read: a caller who may not ask is refused at once
      onRequest: (req, _reply, done) => {
        try {
          assertAccess(r.access, requestIdentity(req));
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

/** The routes as the boot check and the route table's checks list them. */
export function declaredPlatformRoutes(routes: readonly PlatformRoute[]): DeclaredRoute[] {
  return routes.flatMap((r) => METHODS_OF(r.method).map((method) => ({ method, path: r.path, access: r.access, handler: `PLATFORM_ROUTES ${r.path}`, fn: r.handler })));
}
