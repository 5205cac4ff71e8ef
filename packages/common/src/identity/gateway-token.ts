import { timingSafeEqual } from 'node:crypto';

/**
 * The gateway's proof that a client address is its own: nginx adds this header, with GATEWAY_TOKEN, to its
 * identity check only, and the auth service believes the X-Real-IP beside it only when the token matches.
 * A caller that reaches auth directly on the private network cannot choose the address the per-address
 * limits count.
 */
export const GATEWAY_TOKEN_HEADER = 'x-gateway-token';

/** At least 32 URL-safe characters (`openssl rand -hex 24`): written as is into nginx's configuration. */
export const GATEWAY_TOKEN_RE = /^[A-Za-z0-9_-]{32,256}$/;
export const GATEWAY_TOKEN_RULE = 'use de 32 a 256 letras, algarismos, "-" ou "_" (por exemplo `openssl rand -hex 24`)';

/** Whether a header value is the gateway's token (constant time). */
export function isGatewayToken(expected: string | undefined, got: string | string[] | undefined): boolean {
  if (!expected || typeof got !== 'string' || got.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(got), Buffer.from(expected));
}
