import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { httpDuration, httpErrors } from '../metrics/metrics';
import { requestIdOf } from './request-context';

export interface RawAnswer {
  /** The answering service (X-Service). */
  service: string;
  /** The route's path as the metrics name it. */
  route: string;
  /** process.hrtime.bigint() when the request arrived. */
  started: bigint;
  status: number;
  body?: Buffer | string;
  /** Headers of the route's own (they override the defaults: private, no-store, Vary: Cookie). */
  headers?: OutgoingHttpHeaders;
  /** Writes the request's log line, as the pipeline does. */
  logger?: Logger;
  /** The request's id when the handler already took it (requestIdOf) for its own log lines. */
  requestId?: string;
}

/**
 * Sends an answer of a path served before Fastify and Nest (shared answers, raw handlers) as the platform's
 * pipeline would (http/request-context.ts): the request id, X-Service, `Cache-Control: private, no-store` and
 * `Vary: Cookie` unless the route sets its own, the duration histogram, the 5xx counter and the log line.
 */
export function sendRawAnswer(req: IncomingMessage, res: ServerResponse, a: RawAnswer): void {
  const id = a.requestId ?? requestIdOf(req);
  const headers: OutgoingHttpHeaders = {
    'X-Request-Id': id,
    'X-Service': a.service,
    'Cache-Control': 'private, no-store',
    Vary: 'Cookie',
    ...(a.body !== undefined ? { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(a.body) } : {}),
    ...a.headers,
  };
  res.writeHead(a.status, headers).end(a.body);
  const seconds = Number(process.hrtime.bigint() - a.started) / 1e9;
  const method = req.method ?? 'GET';
  const labels = { method, route: a.route, status: String(a.status) };
  httpDuration.observe(labels, seconds);
  if (a.status >= 500) httpErrors.inc(labels);
  if (a.logger?.isLevelEnabled('info')) {
    a.logger.info({ reqId: id, req: { method, url: req.url }, res: { statusCode: a.status }, responseTime: Math.round(seconds * 1000) }, 'request completed');
  }
}
