import { Inject, Injectable } from '@nestjs/common';
import { ASSERTION_HEADER, CONFIG, GATEWAY_TOKEN_HEADER, isGatewayToken, RawHandler, rootLogger } from '@clima/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthConfig } from '../config';
import { AssertionSigner } from './assertion-signer';
import { IdentityService } from './identity.service';
import { OriginPolicy } from './origin-policy';

const ADDRESS_RE = /^[0-9a-fA-F:.]{2,64}$/;
const REFUSED = JSON.stringify({ error: 'Origem da requisição não permitida' });

/**
 * /internal/identity (any method) — asked by nginx (auth_request) for EVERY /api request, with the
 * original Cookie, X-Original-Method, Origin and the client address (X-Real-IP, after the gateway's
 * trusted proxies; believed only beside the gateway's X-Gateway-Token, else the connection's address). Answers 204 with a signed assertion of who is calling (also for an anonymous caller:
 * it carries the address), which nginx passes on to the service; or 403 for a cross-site
 * state-changing request. Not in the route table: the gateway never exposes it.
 *
 * Answered by the HTTP server before Express and Nest (RAW_HANDLERS): it is the hottest path of the
 * platform, and it declares no access of its own — what it answers for a cookie is what the cookie's
 * holder has.
 */
@Injectable()
export class IdentityEndpoint implements RawHandler {
  readonly path = '/internal/identity';
  private readonly log = rootLogger().child({ component: 'identity' });

  private readonly gatewayToken: string | undefined;

  constructor(
    private readonly identities: IdentityService,
    private readonly origins: OriginPolicy,
    private readonly signer: AssertionSigner,
    @Inject(CONFIG) config: Pick<AuthConfig, 'GATEWAY_TOKEN'>,
  ) {
    this.gatewayToken = config.GATEWAY_TOKEN;
  }

  handle = (req: IncomingMessage, res: ServerResponse): void => {
    const original = req.headers['x-original-method'];
    const method = (typeof original === 'string' && original) || req.method || 'GET';
    if (this.origins.refuses(method, req.headers.origin)) {
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(REFUSED);
      return;
    }
    // the address the limits count: the gateway's word for it, or the caller's own connection
    const real = isGatewayToken(this.gatewayToken, req.headers[GATEWAY_TOKEN_HEADER]) ? req.headers['x-real-ip'] : undefined;
    const ip = typeof real === 'string' && ADDRESS_RE.test(real) ? real : (req.socket.remoteAddress ?? 'unknown');
    this.identities.identify(req.headers.cookie).then(
      (identity) => res.writeHead(204, { [ASSERTION_HEADER]: this.signer.sign(identity, ip), 'cache-control': 'no-store' }).end(),
      (err: unknown) => {
        // nginx turns a 500 into 'Serviço de autenticação indisponível' (503) for the caller
        this.log.error({ err }, 'identity check failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'Erro interno' }));
      },
    );
  };
}
