import { All, Controller, Req, Res } from '@nestjs/common';
import { identityToHeaders, Internal } from '@clima/common';
import type { Request, Response } from 'express';
import { IdentityService } from './identity.service';
import { OriginPolicy } from './origin-policy';

/**
 * GET /internal/identity — asked by nginx (auth_request) for every /api request, with the original
 * Cookie, X-Original-Method, X-Original-URI and Origin. Answers 204 with the identity headers the
 * gateway forwards (empty for an anonymous caller), or 403 for a cross-site state-changing request.
 * Not in the route table: the gateway never exposes it.
 */
@Controller('internal')
export class IdentityController {
  constructor(
    private readonly identities: IdentityService,
    private readonly origins: OriginPolicy,
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
    res.status(204).set(identityToHeaders(identity)).set('Cache-Control', 'no-store').end();
  }
}
