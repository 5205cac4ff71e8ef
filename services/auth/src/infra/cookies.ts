/** Cookie names of the platform. */
export const COOKIES = {
  /** End-user session. */
  user: 'clima_sid',
  /** Administrator session. */
  admin: 'clima_asid',
  /** Pending Google sign-in (key of the stored state, PKCE verifier and nonce). */
  oauth: 'clima_oauth',
} as const;

/** Reads one cookie from a Cookie header without parsing the rest (this runs on every API request). */
export function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  const raw = Array.isArray(header) ? header.join('; ') : header;
  if (!raw) return undefined;
  let from = 0;
  while (from < raw.length) {
    const at = raw.indexOf(name, from);
    if (at < 0) return undefined;
    const before = at === 0 ? ' ' : raw[at - 1];
    const eq = at + name.length;
    if ((before === ' ' || before === ';') && raw[eq] === '=') {
      const end = raw.indexOf(';', eq + 1);
      return raw.slice(eq + 1, end < 0 ? undefined : end).trim();
    }
    from = at + name.length;
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax, Path=/, Secure behind https. */
export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${Math.max(0, Math.floor(o.maxAgeSeconds))}`];
  if (o.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (o.secure) parts.push('Secure');
  return parts.join('; ');
}
