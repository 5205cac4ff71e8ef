import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest as Request } from 'fastify';
import { pathOf } from '../http/request-context';
import { randomUUID } from 'node:crypto';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';
import type { ServiceName } from '../config/config';
import { AppError } from '../errors/app-error';
import { requestIdentity } from '../identity/access';
import type { RouteAccess } from '../identity/route-check';
import {
  AuditOptions,
  AuditRecord,
  AuditScope,
  auditScopes,
  auditSnapshot,
  AUDITED_KEY,
  defaultAction,
  entityOfPath,
  recordIdOfAnswer,
  REDACTED,
  SECRET_KEY_RE,
} from './audit';
import type { AuditTrail } from './audit-trail';

interface Plan {
  entity: string;
  action: string;
  options: AuditOptions;
}

/**
 * A refusal recorded by default: 401, an attempt that was checked and failed. A 429 is not: it was never
 * checked, and recording each one would let anyone fill the log by repeating a request.
 */
const DEFAULT_FAILURE_STATUSES = [401];

/**
 * Records administrator actions, for every service (applied by createServiceApp): each non-GET route
 * whose access is admin in the route table, and each route marked @Audited. The record is made after the handler succeeded
 * (and for the refusals a route asks for, such as a failed sign-in) and queued before the answer leaves.
 * What the handler knows that the request does not — the row before the change — it hands over with
 * auditBefore() during the request.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly plans = new WeakMap<object, Plan | null>();

  constructor(
    private readonly reflector: Reflector,
    private readonly trail: Pick<AuditTrail, 'send'>,
    private readonly service: ServiceName,
    /** The access of each handler, from the route table. */
    private readonly routes: Pick<RouteAccess, 'of'>,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request>();
    const plan = this.planFor(ctx, req);
    if (!plan) return next.handle();
    const scope: AuditScope = {};
    const occurred = () => new Date().toISOString();
    return auditScopes
      .run(scope, () => next.handle())
      .pipe(
        mergeMap((answer) => from(this.trail.send(this.success(ctx, req, plan, scope, answer, occurred())).then(() => answer))),
        catchError((err: unknown) => {
          const failure = plan.options.failure;
          const status = statusOf(err);
          if (!failure || status === null || !(failure.statuses ?? DEFAULT_FAILURE_STATUSES).includes(status)) return throwError(() => err);
          const record = this.base(req, { ...plan, action: failure.action }, scope, status, occurred());
          return from(this.trail.send(record)).pipe(mergeMap(() => throwError(() => err)));
        }),
      );
  }

  /** Whether and how this route is recorded; decided once per handler. */
  private planFor(ctx: ExecutionContext, req: Request): Plan | null {
    const handler = ctx.getHandler();
    const known = this.plans.get(handler);
    if (known !== undefined) return known;
    const targets = [handler, ctx.getClass()];
    const options = this.reflector.getAllAndOverride<AuditOptions | undefined>(AUDITED_KEY, targets);
    const access = this.routes.of(handler);
    const routePath = req.routeOptions.url ?? pathOf(req.url);
    let plan: Plan | null = null;
    if (options || (access === 'admin' && req.method !== 'GET' && req.method !== 'HEAD')) {
      const entity = options?.entity ?? entityOfPath(routePath);
      const action = options?.action ?? defaultAction(req.method);
      if (!entity || !action) throw new Error(`@Audited em ${req.method} ${routePath}: informe entity e action`);
      plan = { entity, action, options: options ?? {} };
    }
    this.plans.set(handler, plan);
    return plan;
  }

  private success(ctx: ExecutionContext, req: Request, plan: Plan, scope: AuditScope, answer: unknown, at: string): AuditRecord {
    const status = (Reflect.getMetadata(HTTP_CODE_METADATA, ctx.getHandler()) as number | undefined) ?? (req.method === 'POST' ? 201 : 200);
    const record = this.base(req, plan, scope, status, at);
    const creates = plan.action === 'create' || plan.action === 'upload';
    const params = req.params as Record<string, string | undefined>;
    record.record_id =
      scope.recordId ?? (creates ? (recordIdOfAnswer(answer) ?? params.id) : (params.id ?? recordIdOfAnswer(answer))) ?? record.record_id;
    if (plan.action !== 'delete') {
      const after = auditSnapshot(answer);
      const edits = plan.action === 'create' || plan.action === 'update';
      record.after = edits && after && typeof after === 'object' && !Array.isArray(after) ? { ...after, ...secretsSent(req.body) } : after;
    }
    return record;
  }

  private base(req: Request, plan: Plan, scope: AuditScope, status: number, at: string): AuditRecord {
    const identity = requestIdentity(req);
    const actor =
      scope.actor ??
      (plan.options.actor === 'user' && identity.user
        ? { id: `user:${identity.user.id}`, name: identity.user.email }
        : identity.admin
          ? { id: identity.admin.id, name: identity.admin.username }
          : { id: null, name: null });
    return {
      id: randomUUID(),
      occurred_at: at,
      service: this.service,
      actor_id: actor.id,
      actor_name: actor.name,
      action: plan.action,
      entity: plan.entity,
      // a user acting on their own account acts on their own record
      record_id: scope.recordId ?? (req.params as Record<string, string | undefined>).id ?? (plan.options.actor === 'user' ? (identity.user?.id ?? null) : null),
      before: auditSnapshot(scope.before),
      after: null,
      method: req.method,
      path: pathOf(req.originalUrl ?? req.url),
      status,
      request_id: req.id ?? null,
      ip: identity.ip,
    };
  }
}

/** Secret fields the request set (a new password): named in the record, their values never. */
function secretsSent(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (SECRET_KEY_RE.test(k) && v !== undefined && v !== null && v !== '') out[k] = REDACTED;
  return out;
}

function statusOf(err: unknown): number | null {
  if (err instanceof AppError) return err.status;
  if (err instanceof HttpException) return err.getStatus();
  return null;
}
