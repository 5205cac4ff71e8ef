import 'reflect-metadata';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { INestApplication } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { ErrorFilter } from './errors/error.filter';
import { AuditInterceptor } from './audit/audit.interceptor';
import { AuditTrail } from './audit/audit-trail';
import { AccessGuard } from './identity/access';
import { assertRoutesDeclareAccess, listRoutes } from './identity/route-check';
import { SHARED_ANSWER_KEY, SharedAnswerInterceptor, SharedAnswerOptions, SharedAnswers } from './http/shared-answers';
import { identityFromAssertion, verifierFromEnv } from './identity/identity.middleware';
import { NestPinoLogger, rootLogger } from './logging/logger';
import { startMetrics } from './metrics/metrics';
import { requestContext } from './http/request-context';
import { rpcTransport } from './messaging/rpc';
import type { ServiceConfig } from './platform.module';

export interface AppOptions {
  /** Keep the raw request body (webhook signatures). */
  rawBody?: boolean;
  /** Largest JSON body accepted; larger is a 413. */
  jsonLimit?: string;
  /** Answer service-to-service queries (@MessagePattern) over Redis. */
  rpc?: boolean;
}

/**
 * A hot path answered by the HTTP server itself, before Express and the Nest pipeline (no guards, pipes,
 * filters or request logging): provide a list of these under RAW_HANDLERS in the service's module. Only for
 * the platform's hottest paths, measured to need it (auth's /internal/identity, ranking's heartbeat); the
 * handler does its own checks (identity from the signed assertion, access, input) and answers like the
 * pipeline would (`{ error }` JSON, request id, no-store, the duration histogram).
 */
export interface RawHandler {
  /** Exact path (a query string is allowed). */
  path: string;
  /** Answers the request, or calls `next()` to leave it to the shared answers, Express and the Nest pipeline. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
}
export const RAW_HANDLERS = Symbol('RAW_HANDLERS');

/** A provider the module may not have. */
function optional<T>(app: INestApplication, token: symbol | (abstract new (...args: never[]) => T)): T | undefined {
  try {
    return app.get<T>(token as never, { strict: false });
  } catch {
    return undefined;
  }
}

const rawHandlers = (app: INestApplication): RawHandler[] => optional<RawHandler[]>(app, RAW_HANDLERS) ?? [];

/**
 * The HTTP server answers the raw paths, then the shared answers it keeps (http/shared-answers.ts), before
 * Express and the Nest pipeline see the request.
 */
function answerBeforeTheFramework(server: Server, raw: RawHandler[], shared: SharedAnswers | undefined): void {
  if (!raw.length && !shared) return;
  const express = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const framework = (req: IncomingMessage, res: ServerResponse) => {
    if (shared?.answer(req, res)) return;
    for (const listener of express) listener(req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (raw.length) {
      const url = req.url ?? '';
      const path = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
      const hit = raw.find((r) => r.path === path);
      if (hit) return hit.handle(req, res, () => framework(req, res));
    }
    framework(req, res);
  });
}

/** GET routes without path parameters that declared a shared answer, by path. */
function sharedAnswerRoutes(app: INestApplication): Map<string, SharedAnswerOptions> {
  const out = new Map<string, SharedAnswerOptions>();
  for (const r of listRoutes(app)) {
    const o = Reflect.getMetadata(SHARED_ANSWER_KEY, r.fn) as SharedAnswerOptions | undefined;
    if (o && r.method === 'GET' && !r.path.includes(':')) out.set(r.path, o);
  }
  return out;
}

/** Builds a service's Nest app with the platform's conventions; `listen()` is left to the caller. */
export async function createServiceApp(module: unknown, config: ServiceConfig, opts: AppOptions = {}): Promise<NestExpressApplication> {
  const logger = rootLogger(config.SERVICE, config.LOG_LEVEL);
  const verifier = verifierFromEnv({ IDENTITY_PUBLIC_KEYS: config.IDENTITY_PUBLIC_KEYS });
  startMetrics(config.SERVICE);
  const app = await NestFactory.create<NestExpressApplication>(module as never, {
    logger: new NestPinoLogger(logger),
    bodyParser: false,
    rawBody: opts.rawBody ?? false,
    abortOnError: false,
  });
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('etag', false);
  app.use(requestContext(config.SERVICE, logger));
  app.use(identityFromAssertion(verifier));
  app.useBodyParser('json', { limit: opts.jsonLimit ?? '256kb' });
  app.useBodyParser('urlencoded', { limit: opts.jsonLimit ?? '256kb', extended: false });
  app.useGlobalFilters(new ErrorFilter());
  app.useGlobalGuards(new AccessGuard(app.get(Reflector)));
  // every administrator action of every service is recorded (see audit/audit.interceptor.ts); the trail
  // comes with PlatformModule, which every service imports (a bare module in a unit spec has none)
  const trail = optional<AuditTrail>(app, AuditTrail);
  if (trail) app.useGlobalInterceptors(new AuditInterceptor(app.get(Reflector), trail, config.SERVICE));
  // answers the same for everyone of an audience, kept until a write changes them (http/shared-answers.ts)
  const shared = optional<SharedAnswers>(app, SharedAnswers);
  if (shared) app.useGlobalInterceptors(new SharedAnswerInterceptor(app.get(Reflector), shared));
  app.enableShutdownHooks();
  if (opts.rpc) app.connectMicroservice<MicroserviceOptions>(rpcTransport(config.REDIS_URL), { inheritAppConfig: true });
  await app.init();
  assertRoutesDeclareAccess(app as INestApplication);
  if (shared?.enabled) shared.serve(sharedAnswerRoutes(app as INestApplication), { verifier, service: config.SERVICE, logger });
  answerBeforeTheFramework(app.getHttpServer() as Server, rawHandlers(app), shared?.enabled ? shared : undefined);
  return app;
}

/** Starts the HTTP server (and the RPC listener) on the configured host and port. */
export async function listen(app: NestExpressApplication, config: ServiceConfig): Promise<void> {
  await app.startAllMicroservices();
  await app.listen(config.PORT, config.HOST);
  // nginx keeps idle connections to each service for 60 s (gateway/src/render.ts): the service keeps them longer,
  // so the gateway never sends a request on a connection the service is closing (Node closes after 5 s by default)
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  rootLogger().info({ port: config.PORT, host: config.HOST }, `${config.SERVICE} listening`);
}

/** Logs a fatal start-up error (a config error names the variable) and exits. */
export function exitOnBootError(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  rootLogger().fatal({ err }, message);
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
