import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, REDIS } from '@clima/common';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { AuthConfig } from '../config';
import { IdentityCache } from '../identity/identity-cache';
import { RedisKeys } from '../infra/redis-keys';

/** A session id: 32 random bytes, base64url. */
const SID_RE = /^[A-Za-z0-9_-]{43}$/;
export const isSessionId = (v: string | undefined): v is string => !!v && SID_RE.test(v);

/** Sessions kept in an index per owner beyond this size get their expired members pruned. */
const INDEX_PRUNE_AT = 50;
/** How many sessions a process remembers the next renewal of (about 100 bytes each). */
const RENEWAL_MEMO_MAX = 100_000;

/**
 * One round trip for the identity of a request: both sessions and, for each, the cached identity; and when one
 * is not cached, the identity epoch (see RedisKeys.identityEpoch) the Postgres read that follows is stored under.
 * KEYS: user session, admin session, identity epoch. ARGV: user identity prefix, admin identity prefix.
 */
const RESOLVE_LUA = `
local out = {false, false, false, false, false}
local uid = redis.call('GET', KEYS[1])
if uid then
  out[1] = uid
  out[2] = redis.call('GET', ARGV[1] .. uid)
end
local aid = redis.call('GET', KEYS[2])
if aid then
  out[3] = aid
  out[4] = redis.call('GET', ARGV[2] .. aid)
end
if (uid and not out[2]) or (aid and not out[4]) then
  out[5] = redis.call('GET', KEYS[3]) or ''
end
return out
`;

/**
 * Stores an identity read from Postgres unless a revoking change bumped the epoch since the read began.
 * KEYS: identity, identity epoch. ARGV: identity (JSON), the epoch seen before the read, seconds to keep it.
 */
const STORE_IDENTITY_LUA = `
if (redis.call('GET', KEYS[2]) or '') ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
return 1
`;

/** Drops a cached identity and bumps the epoch, so a read already under way does not store the old one. */
const FORGET_IDENTITY_LUA = `
redis.call('DEL', KEYS[1])
redis.call('INCR', KEYS[2])
return 1
`;

type Kind = 'user' | 'admin';

export interface ResolvedSessions {
  userId: string | null;
  userIdentity: string | null;
  adminId: string | null;
  adminIdentity: string | null;
  /** The identity epoch before a Postgres read (when an identity was not cached): what cacheIdentity stores under. */
  epoch: string;
}

interface IdentityScripts {
  climaResolve(k1: string, k2: string, k3: string, a1: string, a2: string): Promise<(string | null)[]>;
  climaStoreIdentity(k1: string, k2: string, value: string, epoch: string, seconds: number): Promise<number>;
  climaForgetIdentity(k1: string, k2: string): Promise<number>;
}

/**
 * Server-side sessions in Redis: `sess:<sid>` → user id (and `asess:<sid>` → administrator id), with
 * expiry, plus an index of each owner's sessions so a deletion or a password change revokes them all.
 */
@Injectable()
export class SessionStore {
  readonly userTtlSeconds: number;
  readonly adminTtlSeconds: number;
  private readonly identityTtl: number;
  /** `<kind>:<sid>` → the instant (ms) before which the session needs no renewal. */
  private readonly renewalNotBefore = new Map<string, number>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(CONFIG) config: AuthConfig,
    private readonly identities: IdentityCache,
  ) {
    this.userTtlSeconds = config.SESSION_TTL_DAYS * 24 * 3600;
    this.adminTtlSeconds = config.ADMIN_SESSION_TTL_HOURS * 3600;
    this.identityTtl = config.IDENTITY_REDIS_SECONDS;
    if (!(this.redis as unknown as Partial<IdentityScripts>).climaResolve) {
      this.redis.defineCommand('climaResolve', { numberOfKeys: 3, lua: RESOLVE_LUA });
      this.redis.defineCommand('climaStoreIdentity', { numberOfKeys: 2, lua: STORE_IDENTITY_LUA });
      this.redis.defineCommand('climaForgetIdentity', { numberOfKeys: 2, lua: FORGET_IDENTITY_LUA });
    }
  }

  /** The client with the scripts above defined on it. */
  private get scripts(): IdentityScripts {
    return this.redis as unknown as IdentityScripts;
  }

  private sessionKey(kind: Kind, sid: string) {
    return kind === 'user' ? this.keys.userSession(sid) : this.keys.adminSession(sid);
  }
  private indexKey(kind: Kind, owner: string) {
    return kind === 'user' ? this.keys.userSessionIndex(owner) : this.keys.adminSessionIndex(owner);
  }
  private ttl(kind: Kind) {
    return kind === 'user' ? this.userTtlSeconds : this.adminTtlSeconds;
  }

  /** Creates a session for a user id or an administrator id; returns the new session id. */
  async create(kind: Kind, owner: string): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    const ttl = this.ttl(kind);
    const index = this.indexKey(kind, owner);
    const res = await this.redis
      .multi()
      .set(this.sessionKey(kind, sid), owner, 'EX', ttl)
      .sadd(index, sid)
      .expire(index, ttl)
      .scard(index)
      .exec();
    const size = Number(res?.[3]?.[1] ?? 0);
    if (size > INDEX_PRUNE_AT) await this.pruneIndex(kind, owner);
    return sid;
  }

  /** The owner of a session, or null when it does not exist (or expired). */
  async ownerOf(kind: Kind, sid: string | undefined): Promise<string | null> {
    if (!isSessionId(sid)) return null;
    return this.redis.get(this.sessionKey(kind, sid));
  }

  /** Deletes one session (logout); returns its owner when it existed. */
  async destroy(kind: Kind, sid: string | undefined): Promise<string | null> {
    if (!isSessionId(sid)) return null;
    const key = this.sessionKey(kind, sid);
    this.renewalNotBefore.delete(`${kind}:${sid}`);
    const res = await this.redis.multi().get(key).del(key).exec();
    const owner = (res?.[0]?.[1] as string | null) ?? null;
    if (owner) await this.redis.srem(this.indexKey(kind, owner), sid);
    await this.identities.revokeSession(kind, sid);
    return owner;
  }

  /** Deletes every session of an owner except `keep` (the caller's own, after a password change). */
  async revokeAll(kind: Kind, owner: string, keep?: string): Promise<number> {
    const index = this.indexKey(kind, owner);
    const sids = await this.redis.smembers(index);
    const doomed = sids.filter((s) => s !== keep);
    for (const sid of doomed) this.renewalNotBefore.delete(`${kind}:${sid}`);
    const m = this.redis.multi();
    for (const sid of doomed) m.del(this.sessionKey(kind, sid));
    if (doomed.length) m.srem(index, ...doomed);
    if (!keep) m.del(index);
    await m.exec();
    await this.identities.revokeOwner(kind, owner);
    return doomed.length;
  }

  /**
   * Sliding renewal: when less than half of a session's lifetime is left, it gets a full one again.
   * Returns the new lifetime in seconds when renewed (the caller refreshes the cookie), null when not due,
   * `false` when the session no longer exists (signed out).
   *
   * The web apps read the session on every load, and a renewal is due at most once in half a lifetime (15 days
   * for a user): each process remembers until when a session it looked at needs no renewal, and asks Redis only
   * after that. The caller's identity was checked against Redis by the same request (the gateway's identity
   * check, with its immediate revocation), so a session ended meanwhile is seen there.
   */
  async renew(kind: Kind, sid: string, owner: string): Promise<number | null | false> {
    const memo = `${kind}:${sid}`;
    const notBefore = this.renewalNotBefore.get(memo);
    if (notBefore !== undefined && Date.now() < notBefore) return null;
    const full = this.ttl(kind);
    const key = this.sessionKey(kind, sid);
    const left = await this.redis.ttl(key);
    if (left === -2) {
      this.renewalNotBefore.delete(memo);
      return false;
    }
    if (left < 0) return null;
    if (left > full / 2) {
      this.rememberRenewal(memo, left - full / 2);
      return null;
    }
    await this.redis.multi().expire(key, full).expire(this.indexKey(kind, owner), full).exec();
    this.rememberRenewal(memo, full / 2);
    return full;
  }

  private rememberRenewal(memo: string, inSeconds: number): void {
    // bounded: past this many sessions, forget them all (each costs one TTL read again)
    if (this.renewalNotBefore.size >= RENEWAL_MEMO_MAX) this.renewalNotBefore.clear();
    this.renewalNotBefore.set(memo, Date.now() + inSeconds * 1000);
  }

  private async pruneIndex(kind: Kind, owner: string): Promise<void> {
    const index = this.indexKey(kind, owner);
    const sids = await this.redis.smembers(index);
    const p = this.redis.pipeline();
    for (const sid of sids) p.exists(this.sessionKey(kind, sid));
    const res = (await p.exec()) ?? [];
    const gone = sids.filter((_, i) => Number(res[i]?.[1] ?? 0) === 0);
    if (gone.length) await this.redis.srem(index, ...gone);
  }

  /** Both sessions of a request and their cached identities, in one round trip. */
  async resolve(userSid: string | undefined, adminSid: string | undefined): Promise<ResolvedSessions> {
    const none = `${this.keys.base}:none`;
    const [userId, userIdentity, adminId, adminIdentity, epoch] = await this.scripts.climaResolve(
      isSessionId(userSid) ? this.keys.userSession(userSid) : none,
      isSessionId(adminSid) ? this.keys.adminSession(adminSid) : none,
      this.keys.identityEpoch,
      this.keys.userIdentityPrefix,
      this.keys.adminIdentityPrefix,
    );
    return { userId: userId ?? null, userIdentity: userIdentity ?? null, adminId: adminId ?? null, adminIdentity: adminIdentity ?? null, epoch: epoch ?? '' };
  }

  /**
   * Keeps an identity read from Postgres for IDENTITY_REDIS_SECONDS, unless a revoking change (forgetIdentity)
   * came since `epoch` was read: then the next request reads Postgres again.
   */
  async cacheIdentity(kind: Kind, owner: string, value: object, epoch: string): Promise<void> {
    if (this.identityTtl <= 0) return;
    const key = kind === 'user' ? this.keys.userIdentity(owner) : this.keys.adminIdentity(owner);
    await this.scripts.climaStoreIdentity(key, this.keys.identityEpoch, JSON.stringify(value), epoch, this.identityTtl);
  }

  /** Drops the cached identity so the next request reads the account again (admin edit, deletion…). */
  async forgetIdentity(kind: Kind, owner: string): Promise<void> {
    await this.scripts.climaForgetIdentity(kind === 'user' ? this.keys.userIdentity(owner) : this.keys.adminIdentity(owner), this.keys.identityEpoch);
    await this.identities.revokeOwner(kind, owner);
  }
}
