import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { httpDuration, httpErrors } from '../metrics/metrics';

declare module 'express-serve-static-core' {
  interface Request {
    id?: string;
    log?: Logger;
  }
}

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

export function requestContext(service: string, logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdOf(req);
    req.id = id;
    req.log = logger.child({ reqId: id });
    res.setHeader('X-Request-Id', id);
    // shown by the gateway only when debugging (GATEWAY_DEBUG_HEADERS)
    res.setHeader('X-Service', service);
    // answers depend on who asks: no shared cache may keep them unless a route says otherwise
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Vary', 'Cookie');
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const route = (req.route?.path as string | undefined) ?? (res.statusCode === 404 ? 'unmatched' : req.path);
      const labels = { method: req.method, route, status: String(res.statusCode) };
      httpDuration.observe(labels, seconds);
      if (res.statusCode >= 500) httpErrors.inc(labels);
      if (req.path === '/health' || req.path === '/metrics' || req.path === '/internal/identity') return;
      req.log!.info(
        { req: { method: req.method, url: req.originalUrl }, res: { statusCode: res.statusCode }, responseTime: Math.round(seconds * 1000) },
        'request completed',
      );
    });
    next();
  };
}
