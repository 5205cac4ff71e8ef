import 'reflect-metadata';
import type { Server } from 'node:http';
import { INestApplication } from '@nestjs/common';
import { DiscoveryService, NestFactory, Reflector } from '@nestjs/core';
import { routesOfService, type ServedRoute } from '@clima/contract/routes';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyInstance, type FastifyRequest, LogController, type RequestPayload } from 'fastify';
import { parse as parseForm } from 'node:querystring';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { ErrorFilter } from './errors/error.filter';
import { AuditInterceptor } from './audit/audit.interceptor';
import { AuditTrail } from './audit/audit-trail';
import { AccessGuard } from './identity/access';
import { assertRoutesMatchTable, listRoutes, RouteAccess, useRouteAccess } from './identity/route-check';
import { declaredPlatformRoutes, PLATFORM_ROUTES, PlatformRoute, registerPlatformRoutes } from './http/platform-routes';
import { SHARED_ANSWER_KEY, SharedAnswerInterceptor, SharedAnswerOptions, SharedAnswers } from './http/shared-answers';
import { identityFromAssertion, verifierFromEnv } from './identity/identity.middleware';
import { NestPinoLogger, requestLoggerFactory, rootLogger } from './logging/logger';
import { startMetrics } from './metrics/metrics';
import { requestIdOf, useRequestContext } from './http/request-context';
import { rpcTransport } from './messaging/rpc';
import type { ServiceConfig } from './config/config';

export interface AppOptions {
  /** Keep the raw request body (webhook signatures). */
  rawBody?: boolean;
  /** Largest JSON body accepted, in bytes; larger is a 413. */
  jsonLimit?: number;
  /** Answer service-to-service queries (@MessagePattern) over Redis. */
  rpc?: boolean;
  /**
   * The rows of the route table this app serves: by default every row its service owns under its config (and the
   * platform's /health and /metrics). A unit spec that boots a module with a few controllers names those rows.
   */
  routes?: readonly ServedRoute[];
}

/** A provider the module may not have. */
function optional<T>(app: INestApplication, token: symbol | (abstract new (...args: never[]) => T)): T | undefined {
  try {
    return app.get<T>(token as never, { strict: false });
  } catch {
    return undefined;
  }
}

/** The routes the service's modules list under PLATFORM_ROUTES (none for most services). */
function platformRoutesOf(app: INestApplication): PlatformRoute[] {
  return app
    .get(DiscoveryService)
    .getProviders()
    .filter((w) => w.token === PLATFORM_ROUTES && Array.isArray(w.instance))
    .flatMap((w) => w.instance as PlatformRoute[]);
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

/** A body the parsers cannot read as text: compressed, or in a charset other than UTF-8 (415, as body-parser answered). */
function unreadable(req: { headers: Record<string, string | string[] | undefined> }): Error | null {
  const encoding = req.headers['content-encoding'];
  const charset = /charset=([^;\s]+)/i.exec(String(req.headers['content-type'] ?? ''))?.[1]?.replace(/"/g, '').toLowerCase();
  const bad = (encoding !== undefined && String(encoding).toLowerCase() !== 'identity') || (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8');
  return bad ? Object.assign(new Error('unsupported body'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }) : null;
}

/** JSON and form bodies up to the server's body limit (a route may set its own); any other type is left unread for its route (a multipart upload streams). */
function useBodyParsers(fastify: FastifyInstance, keepRaw: boolean): void {
  fastify.removeAllContentTypeParsers();
  const json = (req: object, body: Buffer, done: (err: Error | null, body?: unknown) => void) => {
    if (keepRaw) (req as { rawBody?: Buffer }).rawBody = body;
    // an empty body is no body, as before (a POST without one)
    if (!body.length) return done(null, undefined);
    const refused = unreadable(req as never);
    if (refused) return done(refused);
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(Object.assign(new Error('malformed JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  };
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, json);
  fastify.addContentTypeParser(/^application\/[\w.+-]+\+json$/, { parseAs: 'buffer' }, json);
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    if (keepRaw) (req as { rawBody?: Buffer }).rawBody = body;
    const refused = unreadable(req);
    if (refused) return done(refused);
    done(null, { ...parseForm(body.toString('utf8')) });
  });
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  fastify.addHook('preParsing', drainTooLarge);
}

/** The types the parsers above read (and so limit); any other body streams to its route. */
const PARSED_TYPE = /^application\/(json|[\w.+-]+\+json|x-www-form-urlencoded)\s*(;|$)/i;
/** Past this many bytes a body over the limit is no longer read to its end: the connection is dropped instead. */
const MAX_DRAINED_BYTES = 16 * 1024 * 1024;

/**
 * A body over the route's limit is read to its end and dropped before the 413 is sent: answering while the gateway is
 * still sending it closes the connection under nginx, which then answers 502/503 instead of the service's 413.
 * Every request passes here: one within its limit goes on at once, with no promise and no microtask of its own.
 */
function drainTooLarge(req: FastifyRequest, _reply: unknown, payload: RequestPayload, done: (err: Error | null, payload?: RequestPayload) => void): void {
  const length = Number(req.headers['content-length']);
  const limit = req.routeOptions.bodyLimit ?? Infinity;
  if (!(length > limit) || !PARSED_TYPE.test(String(req.headers['content-type'] ?? ''))) return done(null, payload);
  drain(payload).then(
    () => done(Object.assign(new Error('body too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' })),
    (err: Error) => done(err),
  );
}

/** Reads a body to its end, or past MAX_DRAINED_BYTES drops the connection. */
async function drain(payload: RequestPayload): Promise<void> {
  let read = 0;
  for await (const chunk of payload) {
    read += (chunk as Buffer).length;
    if (read > MAX_DRAINED_BYTES) {
      payload.destroy();
      break;
    }
  }
}

/** Builds a service's Nest app (on Fastify) with the platform's conventions; `listen()` is left to the caller. */
export async function createServiceApp(module: unknown, config: ServiceConfig, opts: AppOptions = {}): Promise<NestFastifyApplication> {
  const logger = rootLogger(config.SERVICE, config.LOG_LEVEL);
  const verifier = verifierFromEnv({ IDENTITY_PUBLIC_KEYS: config.IDENTITY_PUBLIC_KEYS });
  startMetrics(config.SERVICE);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // one line per answer, written by the request context (http/request-context.ts)
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    // each request's pino child is made when the request first logs (most answers log nothing of their own)
    childLoggerFactory: requestLoggerFactory as never,
    genReqId: requestIdOf,
    trustProxy: 'loopback',
    // as Express matched before: /a/ is /a, paths ignore case, a long id is a 404 of its route (not a 414)
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 2048 },
    // nginx keeps idle connections to each service for 60 s (gateway/src/render.ts): the service keeps them longer,
    // so the gateway never sends a request on a connection the service is closing (Node closes after 5 s by default)
    keepAliveTimeout: 65_000,
    bodyLimit: opts.jsonLimit ?? 256 * 1024,
    return503OnClosing: false,
  });
  const fastify = adapter.getInstance();
  useRequestContext(fastify, config.SERVICE);
  fastify.addHook('onRequest', identityFromAssertion(verifier));
  useBodyParsers(fastify, opts.rawBody ?? false);
  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, {
    logger: new NestPinoLogger(logger),
    bodyParser: false,
    abortOnError: false,
  });
  // the shared answers kept in memory are sent before the route runs (http/shared-answers.ts)
  const shared = optional<SharedAnswers>(app, SharedAnswers);
  if (shared?.enabled) fastify.addHook('onRequest', (req, reply, done) => (shared.answer(req, reply) ? undefined : done()));
  // who may call each route: its row in the route table (packages/contract/src/routes.ts), never the handler
  const routes = new RouteAccess(config.SERVICE, opts.routes ?? routesOfService(config.SERVICE, config));
  useRouteAccess(app as INestApplication, routes);
  const platformRoutes = platformRoutesOf(app);
  registerPlatformRoutes(fastify, platformRoutes, routes);
  app.useGlobalFilters(new ErrorFilter());
  app.useGlobalGuards(new AccessGuard(routes));
  // every administrator action of every service is recorded (see audit/audit.interceptor.ts); the trail
  // comes with PlatformModule, which every service imports (a bare module in a unit spec has none)
  const trail = optional<AuditTrail>(app, AuditTrail);
  if (trail) app.useGlobalInterceptors(new AuditInterceptor(app.get(Reflector), trail, config.SERVICE, routes));
  // answers the same for everyone of an audience, kept until a write changes them (http/shared-answers.ts)
  if (shared) app.useGlobalInterceptors(new SharedAnswerInterceptor(app.get(Reflector), shared));
  app.enableShutdownHooks();
  if (opts.rpc) app.connectMicroservice<MicroserviceOptions>(rpcTransport(config.REDIS_URL), { inheritAppConfig: true });
  await app.init();
  await fastify.ready();
  const served = [...listRoutes(app as INestApplication), ...declaredPlatformRoutes(platformRoutes, routes)];
  assertRoutesMatchTable(served, routes);
  routes.bind(served);
  if (shared?.enabled) shared.serve(sharedAnswerRoutes(app as INestApplication));
  return app;
}

/** Starts the HTTP server (and the RPC listener) on the configured host and port. */
export async function listen(app: NestFastifyApplication, config: ServiceConfig): Promise<void> {
  await app.startAllMicroservices();
  await app.listen(config.PORT, config.HOST);
  (app.getHttpServer() as Server).headersTimeout = 66_000;
  rootLogger().info({ port: config.PORT, host: config.HOST }, `${config.SERVICE} listening`);
}

/** Logs a fatal start-up error (a config error names the variable) and exits. */
export function exitOnBootError(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  rootLogger().fatal({ err }, message);
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
