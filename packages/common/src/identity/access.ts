import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '../errors/app-error';
import { HTTP_TEXTS } from '../errors/http-texts';
import { ANONYMOUS_IDENTITY, AssertedIdentity } from './assertion';
import { Identity, isActiveSubscriber } from './identity';

/**
 * Who may call a route. Every route handler must declare one (checked at boot by `assertRoutesDeclareAccess`):
 * - public: anyone;
 * - user: a signed-in end user;
 * - subscriber: a signed-in end user whose subscription is active;
 * - admin: an administrator session, or an end user with the is_admin flag;
 * - internal: not reachable through the gateway (identity checks, webhooks with their own signature).
 */
export type Access = 'public' | 'user' | 'subscriber' | 'admin' | 'internal';
export const ACCESS_KEY = 'clima:access';

export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
export const SignedIn = () => SetMetadata(ACCESS_KEY, 'user' satisfies Access);
export const Subscriber = () => SetMetadata(ACCESS_KEY, 'subscriber' satisfies Access);
export const AdminOnly = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);
export const Internal = () => SetMetadata(ACCESS_KEY, 'internal' satisfies Access);

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

/** Decides access from the gateway's signed identity: 401 anonymous, 403 not allowed. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [ctx.getHandler(), ctx.getClass()]);
    return assertAccess(access, requestIdentity(ctx.switchToHttp().getRequest<Req>()));
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

/** The signed-in end user; use only on routes declared SignedIn or Subscriber. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const user = requestIdentity(ctx.switchToHttp().getRequest<Req>()).user;
  if (!user) throw AppError.unauthorized(MESSAGES.signedOut);
  return user;
});

/** The signed-in administrator; use only on routes declared AdminOnly. */
export const CurrentAdmin = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const admin = requestIdentity(ctx.switchToHttp().getRequest<Req>()).admin;
  if (!admin) throw AppError.unauthorized(MESSAGES.adminSignedOut);
  return admin;
});
