import type { Request } from 'express';

/**
 * The caller's address: the X-Real-IP that nginx sets from the connection (services listen only on
 * the private network, so only the gateway reaches them), or the socket address for direct calls.
 */
export function clientIp(req: Request): string {
  const real = req.headers['x-real-ip'];
  const v = (Array.isArray(real) ? real[0] : real)?.trim();
  if (v && v.length <= 64 && /^[0-9a-fA-F:.]+$/.test(v)) return v;
  return req.socket.remoteAddress ?? 'unknown';
}
