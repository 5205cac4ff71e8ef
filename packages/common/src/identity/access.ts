import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Access } from '@clima/contract/routes';
import { AppError } from '../errors/app-error';
import { HTTP_TEXTS } from '../errors/http-texts';
import { ANONYMOUS_IDENTITY, AssertedIdentity } from './assertion';
import { Identity, isActiveSubscriber } from './identity';
import type { RouteAccess } from './route-check';

/**
 * Who may call a route (the route table's `access`, packages/contract/src/routes.ts; no handler declares it):
 * - public: anyone;
 * - user: a signed-in end user;
 * - subscriber: a signed-in end user whose subscription is active;
 * - admin: an administrator session, or an end user with the is_admin flag;
 * - internal: not reachable through the gateway (the identity check nginx asks).
 */
export type { Access };

interface Req {
  identity?: AssertedIdentity;
}

/** The identity the gateway proved for this request (set by `identityFromAssertion`); anonymous without one. */
export function requestIdentity(req: Req): AssertedIdentity {
  return req.identity ?? ANONYMOUS_IDENTITY;
}

export const MESSAGES = {
  signedOut: HTTP_TEXTS.signedOut,
  subscriptionRequired: 'Assinatura ativa necessária',
  adminRequired: 'Acesso restrito a administradores',
  adminSignedOut: 'Não autorizado: faça login como administrador',
};

/**
 * Decides access from the gateway's signed identity: 401 anonymous, 403 not allowed. The rule is the matched route's
 * row in the route table (bound to its handler at boot, see identity/route-check.ts).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly routes: Pick<RouteAccess, 'of'>) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    return assertAccess(this.routes.of(ctx.getHandler()), requestIdentity(ctx.switchToHttp().getRequest<Req>()));
  }
}

/** The one access rule of every route (Nest's or Fastify's, see http/platform-routes.ts): throws 401/403, or true. */
export function assertAccess(access: Access | undefined, identity: AssertedIdentity): true {
  switch (access) {
    case 'public':
    case 'internal':
      return true;
    case 'user':
      if (!identity.user) throw AppError.unauthorized(MESSAGES.signedOut);
      return true;
    case 'subscriber':
      if (!identity.user) throw AppError.unauthorized(MESSAGES.signedOut);
      if (!isActiveSubscriber(identity.user)) throw AppError.forbidden(MESSAGES.subscriptionRequired);
      return true;
    case 'admin':
      if (identity.admin) return true;
      if (identity.user) throw AppError.forbidden(MESSAGES.adminRequired);
      throw AppError.unauthorized(MESSAGES.adminSignedOut);
    default:
      // A route that declared nothing is closed: safer than open.
      throw AppError.forbidden('Rota sem regra de acesso');
  }
}

/** The caller's identity (user and/or admin), as the gateway described it. */
export const CurrentIdentity = createParamDecorator((_: unknown, ctx: ExecutionContext): Identity =>
  requestIdentity(ctx.switchToHttp().getRequest<Req>()),
);

/** The signed-in end user; use only on routes whose access is user or subscriber. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const user = requestIdentity(ctx.switchToHttp().getRequest<Req>()).user;
  if (!user) throw AppError.unauthorized(MESSAGES.signedOut);
  return user;
});

/** The signed-in administrator; use only on routes whose access is admin. */
export const CurrentAdmin = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const admin = requestIdentity(ctx.switchToHttp().getRequest<Req>()).admin;
  if (!admin) throw AppError.unauthorized(MESSAGES.adminSignedOut);
  return admin;
});
