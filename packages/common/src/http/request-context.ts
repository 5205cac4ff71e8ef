import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { httpDuration, httpErrors } from '../metrics/metrics';

/** The request and the reply every route of the platform is given (Fastify's, under the Nest pipeline). */
export type HttpRequest = FastifyRequest;
export type HttpReply = FastifyReply;

/**
 * Per request: takes the id nginx assigned (X-Request-Id) or makes one, names the answering service,
 * marks the answer private, logs one JSON line when the answer is sent, and feeds the metrics.
 */
const REQUEST_ID_RE = /^[\w-]{1,128}$/;

/** The id nginx gave the request (X-Request-Id), or a new one when it is missing or malformed. */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
}

/** The path without its query string. */
export function pathOf(url: string | undefined): string {
  const u = url ?? '';
  const q = u.indexOf('?');
  return q === -1 ? u : u.slice(0, q);
}

/** Paths whose answers are not logged line by line (scraped); a platform route can say so too (`quiet`). */
const QUIET = new Set(['/health', '/metrics']);

/**
 * The request context of every answer the HTTP server sends, routes of the Nest pipeline and Fastify routes
 * alike (the request id itself is Fastify's `genReqId`, see createServiceApp): the default headers when the
 * request arrives, the duration histogram, the 5xx counter and the log line once it is answered.
 */
export function useRequestContext(fastify: FastifyInstance, service: string): void {
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    // shown by the gateway only when debugging (GATEWAY_DEBUG_HEADERS)
    reply.header('X-Service', service);
    // answers depend on who asks: no shared cache may keep them unless a route says otherwise
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Vary', 'Cookie');
    done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    const status = reply.statusCode;
    const path = pathOf(req.url);
    const route = req.routeOptions.url ?? (status === 404 ? 'unmatched' : path);
    const labels = { method: req.method, route, status: String(status) };
    httpDuration.observe(labels, seconds);
    if (status >= 500) httpErrors.inc(labels);
    if (!QUIET.has(path) && !(req.routeOptions.config as { quiet?: boolean }).quiet && (req.log as Logger).isLevelEnabled('info')) {
      req.log.info({ req: { method: req.method, url: req.originalUrl ?? req.url }, res: { statusCode: status }, responseTime: Math.round(seconds * 1000) }, 'request completed');
    }
    done();
  });
}
