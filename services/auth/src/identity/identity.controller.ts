import { All, Controller, Req, Res } from '@nestjs/common';
import { ASSERTION_HEADER, Internal } from '@clima/common';
import type { Request, Response } from 'express';
import { AssertionSigner } from './assertion-signer';
import { IdentityService } from './identity.service';
import { OriginPolicy } from './origin-policy';

const ADDRESS_RE = /^[0-9a-fA-F:.]{2,64}$/;

/**
 * GET /internal/identity — asked by nginx (auth_request) for every /api request, with the original
 * Cookie, X-Original-Method, X-Original-URI, Origin and the client address (X-Real-IP, after the
 * gateway's trusted proxies). Answers 204 with a signed assertion of who is calling (also for an
 * anonymous caller: it carries the address), which nginx passes on to the service; or 403 for a
 * cross-site state-changing request. Not in the route table: the gateway never exposes it.
 */
@Controller('internal')
export class IdentityController {
  constructor(
    private readonly identities: IdentityService,
    private readonly origins: OriginPolicy,
    private readonly signer: AssertionSigner,
  ) {}

  @All('identity')
  @Internal()
  async identity(@Req() req: Request, @Res() res: Response): Promise<void> {
    const original = req.headers['x-original-method'];
    const method = (typeof original === 'string' && original) || req.method;
    if (this.origins.refuses(method, req.headers.origin)) {
      res.status(403).json({ error: 'Origem da requisição não permitida' });
      return;
    }
    const identity = await this.identities.identify(req.headers.cookie);
    const real = req.headers['x-real-ip'];
    const ip = typeof real === 'string' && ADDRESS_RE.test(real) ? real : (req.socket.remoteAddress ?? 'unknown');
    res.status(204).set(ASSERTION_HEADER, this.signer.sign(identity, ip)).set('Cache-Control', 'no-store').end();
  }
}
