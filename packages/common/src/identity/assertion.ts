import { createPrivateKey, createPublicKey, KeyObject, sign, verify } from 'node:crypto';
import type { AdminIdentity, Identity, UserIdentity } from './identity';

/**
 * The identity the gateway proves to the services: a compact JWS (RFC 7515, EdDSA over Ed25519) that
 * the auth service signs in answer to nginx's identity check and nginx passes on under this header.
 * Services verify it with the public keys they are configured with and believe nothing else, so a
 * caller that reaches a service port directly is anonymous whatever headers it sends.
 *
 * Signing and verifying are synchronous node:crypto calls (tens of microseconds): this runs on every
 * API request, and a verified token is cached until it expires.
 */
export const ASSERTION_HEADER = 'x-identity-assertion';
export const ASSERTION_ISSUER = 'clima-auth';
export const ASSERTION_AUDIENCE = 'clima-services';
/** Lifetime of an assertion: it only has to outlive one request through the gateway. */
export const ASSERTION_TTL_SECONDS = 30;
/** Clock difference tolerated between the auth service and a service (seconds). */
const CLOCK_SKEW_SECONDS = 5;

/** A verified identity plus the client address the gateway saw. */
export interface AssertedIdentity extends Identity {
  /** Client address as the gateway resolved it (after its trusted proxies); null without an assertion. */
  ip: string | null;
}

export const ANONYMOUS_IDENTITY: AssertedIdentity = Object.freeze({ user: null, admin: null, ip: null });

/** The claims we sign: short names keep the header small. */
interface Claims {
  iss: string;
  aud: string;
  iat: number;
  exp: number;
  /** Client address. */
  ip: string;
  /** End user: id, e-mail, name, subscription status, is_admin flag. */
  u?: { id: string; e: string; n: string | null; s: string; a: boolean };
  /** Administrator: id, username. */
  adm?: { id: string; n: string };
}

export interface SigningKey {
  kid: string;
  key: KeyObject;
}

export interface VerifyingKeys {
  byKid: Map<string, KeyObject>;
}

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');

interface OkpJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  d?: string;
  kid?: string;
}

function parseJwk(text: string, variable: string): OkpJwk[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${variable}: JSON inválido (esperado um JWK Ed25519 ou uma lista deles)`);
  }
  const list = (Array.isArray(parsed) ? parsed : [parsed]) as Partial<OkpJwk>[];
  if (!list.length) throw new Error(`${variable}: nenhuma chave`);
  for (const k of list) {
    if (!k || k.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.x !== 'string' || typeof k.kid !== 'string' || !k.kid) {
      throw new Error(`${variable}: cada chave deve ser um JWK {kty:"OKP", crv:"Ed25519", x, kid}`);
    }
  }
  return list as OkpJwk[];
}

/** The auth service's private key, from IDENTITY_PRIVATE_KEY (a JWK with `d` and `kid`). */
export function signingKeyFromEnv(text: string, variable = 'IDENTITY_PRIVATE_KEY'): SigningKey {
  const [jwk] = parseJwk(text, variable);
  if (!jwk!.d) throw new Error(`${variable}: a chave privada precisa do campo "d"`);
  return { kid: jwk!.kid!, key: createPrivateKey({ key: jwk as never, format: 'jwk' }) };
}

/**
 * The keys a service accepts, from IDENTITY_PUBLIC_KEYS (a JWK or a JSON list of JWKs). During a key
 * rollover the list holds the old and the new key; private parts, if present, are ignored.
 */
export function verifyingKeysFromEnv(text: string, variable = 'IDENTITY_PUBLIC_KEYS'): VerifyingKeys {
  const byKid = new Map<string, KeyObject>();
  for (const jwk of parseJwk(text, variable)) {
    byKid.set(jwk.kid!, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }));
  }
  return { byKid };
}

/** Signs an identity for one request: a compact JWS. */
export function signAssertion(identity: Identity, ip: string, signing: SigningKey, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const u = identity.user;
  const a = identity.admin;
  const claims: Claims = {
    iss: ASSERTION_ISSUER,
    aud: ASSERTION_AUDIENCE,
    iat: nowSeconds,
    exp: nowSeconds + ASSERTION_TTL_SECONDS,
    ip,
    ...(u ? { u: { id: u.id, e: u.email, n: u.name, s: u.subscriptionStatus, a: u.isAdmin } } : {}),
    ...(a ? { adm: { id: a.id, n: a.username } } : {}),
  };
  const input = `${b64(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: signing.kid }))}.${b64(JSON.stringify(claims))}`;
  return `${input}.${sign(null, Buffer.from(input), signing.key).toString('base64url')}`;
}

const TOKEN_RE = /^[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{10,4000}\.[A-Za-z0-9_-]{80,90}$/;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown): v is string => typeof v === 'string';

function identityOf(c: Record<string, unknown>): AssertedIdentity | null {
  if (!str(c.ip)) return null;
  let user: UserIdentity | null = null;
  let admin: AdminIdentity | null = null;
  if (c.u !== undefined) {
    const u = c.u as Record<string, unknown>;
    if (!u || !str(u.id) || !u.id || !str(u.e) || !(u.n === null || str(u.n)) || !str(u.s) || typeof u.a !== 'boolean') return null;
    user = { id: u.id, email: u.e, name: u.n as string | null, subscriptionStatus: u.s, isAdmin: u.a };
  }
  if (c.adm !== undefined) {
    const a = c.adm as Record<string, unknown>;
    if (!a || !str(a.id) || !a.id || !str(a.n)) return null;
    admin = { id: a.id, username: a.n };
  }
  return Object.freeze({ user, admin, ip: c.ip });
}

/** Why an assertion was refused (logged at debug level; the caller is simply anonymous). */
export type AssertionProblem = 'malformed' | 'unknown-key' | 'bad-signature' | 'wrong-issuer' | 'wrong-audience' | 'expired' | 'not-yet-valid';

/**
 * Verifies assertions and remembers the good ones until they expire: the gateway sends the same token
 * for a caller while auth reuses it, so most requests cost a map lookup.
 */
export class AssertionVerifier {
  private readonly cache = new Map<string, { identity: AssertedIdentity; exp: number }>();

  constructor(
    private readonly keys: VerifyingKeys,
    private readonly maxCached = 20_000,
  ) {}

  verify(token: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): AssertedIdentity | AssertionProblem {
    if (!token) return 'malformed';
    const hit = this.cache.get(token);
    if (hit) {
      if (nowSeconds < hit.exp + CLOCK_SKEW_SECONDS) return hit.identity;
      this.cache.delete(token);
      return 'expired';
    }
    if (!TOKEN_RE.test(token)) return 'malformed';
    const [h, p, s] = token.split('.') as [string, string, string];
    const header = decodeJson(h);
    if (!header || header.alg !== 'EdDSA' || !str(header.kid)) return 'malformed';
    const key = this.keys.byKid.get(header.kid);
    if (!key) return 'unknown-key';
    if (!verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'))) return 'bad-signature';
    const claims = decodeJson(p);
    if (!claims) return 'malformed';
    if (claims.iss !== ASSERTION_ISSUER) return 'wrong-issuer';
    if (claims.aud !== ASSERTION_AUDIENCE) return 'wrong-audience';
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return 'malformed';
    if (nowSeconds >= claims.exp + CLOCK_SKEW_SECONDS) return 'expired';
    if (claims.iat > nowSeconds + CLOCK_SKEW_SECONDS) return 'not-yet-valid';
    const identity = identityOf(claims);
    if (!identity) return 'malformed';
    if (this.cache.size >= this.maxCached) this.evictExpired(nowSeconds);
    this.cache.set(token, { identity, exp: claims.exp });
    return identity;
  }

  private evictExpired(now: number): void {
    for (const [t, v] of this.cache) if (now >= v.exp + CLOCK_SKEW_SECONDS) this.cache.delete(t);
    // still full of live tokens: start again rather than grow without bound
    if (this.cache.size >= this.maxCached) this.cache.clear();
  }
}
