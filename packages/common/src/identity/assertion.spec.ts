import { createPublicKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import { ANONYMOUS_IDENTITY, AssertionVerifier, signAssertion, signingKeyFromEnv, verifyingKeysFromEnv } from './assertion';
import type { Identity } from './identity';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const infra = require('../../../../infra/platform.cjs') as typeof import('../../../../infra/platform.cjs');

const keys = infra.newIdentityKeys('k1');
const other = infra.newIdentityKeys('k1');
const next = infra.newIdentityKeys('k2');
const signing = signingKeyFromEnv(keys.IDENTITY_PRIVATE_KEY);
const subscriber: Identity = {
  user: { id: 'u_42', email: 'joão@exemplo.com.br', name: 'João Ação', subscriptionStatus: 'active', isAdmin: false },
  admin: null,
};
const now = () => Math.floor(Date.now() / 1000);

describe('identity assertion', () => {
  it('round-trips an identity and the client address', () => {
    const v = new AssertionVerifier(verifyingKeysFromEnv(keys.IDENTITY_PUBLIC_KEYS));
    expect(v.verify(signAssertion(subscriber, '203.0.113.7', signing))).toEqual({ ...subscriber, ip: '203.0.113.7' });
    const admin: Identity = { user: null, admin: { id: '7', username: 'ana' } };
    expect(v.verify(signAssertion(admin, '::1', signing))).toEqual({ ...admin, ip: '::1' });
  });

  it('is a standard JWS that a well-known library verifies (EdDSA, issuer, audience, expiry)', async () => {
    const token = signAssertion(subscriber, '203.0.113.7', signing);
    const [jwk] = JSON.parse(keys.IDENTITY_PUBLIC_KEYS) as object[];
    const { payload, protectedHeader } = await jwtVerify(token, createPublicKey({ key: jwk as never, format: 'jwk' }), {
      issuer: 'clima-auth',
      audience: 'clima-services',
    });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: 'k1' });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(30);
  });

  it('refuses a token signed by another key, a tampered one, an expired one and garbage', () => {
    const v = new AssertionVerifier(verifyingKeysFromEnv(keys.IDENTITY_PUBLIC_KEYS));
    expect(v.verify(signAssertion(subscriber, '1.2.3.4', signingKeyFromEnv(other.IDENTITY_PRIVATE_KEY)))).toBe('bad-signature');
    expect(v.verify(signAssertion(subscriber, '1.2.3.4', signingKeyFromEnv(next.IDENTITY_PRIVATE_KEY)))).toBe('unknown-key');
    const good = signAssertion(subscriber, '1.2.3.4', signing);
    const [h, p, s] = good.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { u: { s: string } };
    claims.u.s = 'active';
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, u: { ...claims.u, id: 'someone_else' } })).toString('base64url')}.${s}`;
    expect(v.verify(forged)).toBe('bad-signature');
    expect(v.verify(signAssertion(subscriber, '1.2.3.4', signing, now() - 120))).toBe('expired');
    for (const junk of ['', 'x', 'a.b.c', `${h}.${p}`, `${good}x`]) expect(typeof v.verify(junk)).toBe('string');
    // the unsigned variant of the same header is refused too
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'k1' })).toString('base64url')}.${p}.${s}`;
    expect(v.verify(none)).toBe('malformed');
  });

  it('accepts the old and the new key during a rollover', () => {
    const both = JSON.stringify([...JSON.parse(keys.IDENTITY_PUBLIC_KEYS), ...JSON.parse(next.IDENTITY_PUBLIC_KEYS)]);
    const v = new AssertionVerifier(verifyingKeysFromEnv(both));
    expect(v.verify(signAssertion(subscriber, '1.2.3.4', signing))).toMatchObject({ user: { id: 'u_42' } });
    expect(v.verify(signAssertion(subscriber, '1.2.3.4', signingKeyFromEnv(next.IDENTITY_PRIVATE_KEY)))).toMatchObject({ user: { id: 'u_42' } });
  });

  it('forgets a cached token once it expires', () => {
    const v = new AssertionVerifier(verifyingKeysFromEnv(keys.IDENTITY_PUBLIC_KEYS));
    const token = signAssertion(subscriber, '1.2.3.4', signing);
    expect(v.verify(token)).toMatchObject({ user: { id: 'u_42' } });
    expect(v.verify(token, now() + 3600)).toBe('expired');
  });

  it('says which variable is wrong', () => {
    expect(() => verifyingKeysFromEnv('nope')).toThrow(/IDENTITY_PUBLIC_KEYS/);
    expect(() => signingKeyFromEnv(keys.IDENTITY_PUBLIC_KEYS)).toThrow(/IDENTITY_PRIVATE_KEY/);
    expect(ANONYMOUS_IDENTITY).toEqual({ user: null, admin: null, ip: null });
  });
});
