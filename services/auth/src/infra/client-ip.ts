import { requestIdentity } from '@clima/common';
import type { HttpRequest as Request } from '@clima/common';

/**
 * The caller's address: the one the gateway signed into the identity assertion (nginx resolves it from
 * X-Forwarded-For only for the proxies in TRUSTED_PROXIES), or the socket's address for a call that
 * did not come through the gateway. A header a caller writes itself is never believed.
 */
export function clientIp(req: Request): string {
  return requestIdentity(req).ip ?? req.socket.remoteAddress ?? 'unknown';
}
