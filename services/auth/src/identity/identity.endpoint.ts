import { Inject, Injectable } from '@nestjs/common';
import { AppError, ASSERTION_HEADER, CONFIG, GATEWAY_TOKEN_HEADER, HTTP_TEXTS, isGatewayToken, type HttpReply, type HttpRequest, type PlatformRoute } from '@clima/common';
import type { AuthConfig } from '../config';
import { AssertionSigner } from './assertion-signer';
import { IdentityService } from './identity.service';
import { OriginPolicy } from './origin-policy';

const ADDRESS_RE = /^[0-9a-fA-F:.]{2,64}$/;

/**
 * /internal/identity (any method) — asked by nginx (auth_request) for EVERY /api request, with the
 * original Cookie, X-Original-Method, Origin and the client address (X-Real-IP, after the gateway's
 * trusted proxies; believed only beside the gateway's X-Gateway-Token, else the connection's address). Answers 204 with a signed assertion of who is calling (also for an anonymous caller:
 * it carries the address), which nginx passes on to the service; or 403 for a cross-site
 * state-changing request. A row of the route table's SERVICE_ROUTES (internal): the gateway never exposes it.
 *
 * A platform route (http/platform-routes.ts): it is the hottest path of the platform, answered by Fastify
 * without the Nest layers, with the request id, metrics and error shapes of every route (no log line per
 * answer). Its row's access is `internal`: what it answers for a cookie is what the cookie's holder has.
 */
@Injectable()
export class IdentityEndpoint implements PlatformRoute {
  readonly method = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as PlatformRoute['method'];
  readonly path = '/internal/identity';
  readonly quiet = true;

  private readonly gatewayToken: string | undefined;

  constructor(
    private readonly identities: IdentityService,
    private readonly origins: OriginPolicy,
    private readonly signer: AssertionSigner,
    @Inject(CONFIG) config: Pick<AuthConfig, 'GATEWAY_TOKEN'>,
  ) {
    this.gatewayToken = config.GATEWAY_TOKEN;
  }

  handler = async (req: HttpRequest, reply: HttpReply): Promise<void> => {
    const original = req.headers['x-original-method'];
    const method = (typeof original === 'string' && original) || req.method;
    if (this.origins.refuses(method, req.headers.origin)) throw AppError.forbidden(HTTP_TEXTS.originRefused);
    // the address the limits count: the gateway's word for it, or the caller's own connection
    const real = isGatewayToken(this.gatewayToken, req.headers[GATEWAY_TOKEN_HEADER]) ? req.headers['x-real-ip'] : undefined;
    const ip = typeof real === 'string' && ADDRESS_RE.test(real) ? real : (req.socket.remoteAddress ?? 'unknown');
    // a failure is a 500, which nginx turns into 'Serviço de autenticação indisponível' (503) for the caller
    const identity = await this.identities.identify(req.headers.cookie);
    await reply.code(204).header(ASSERTION_HEADER, this.signer.sign(identity, ip)).header('Cache-Control', 'no-store').send();
  };
}
