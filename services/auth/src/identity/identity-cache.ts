import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, liveSubscription, LiveSubscription, REDIS, rootLogger } from '@clima/common';
import { Redis } from 'ioredis';
import type { AuthConfig } from '../config';
import { RedisKeys } from '../infra/redis-keys';

export type SessionKind = 'user' | 'admin';

interface Entry<T> {
  value: T;
  until: number;
}

/** Entries kept at most per map; past that the map starts again (a burst of new sessions). */
const MAX_ENTRIES = 50_000;

/**
 * The identity check's memory inside the auth process: session → owner and owner → identity, for a few
 * seconds. Every change that must revoke at once (logout, password change, deletion, a flag or a
 * subscription changed) drops the entries here and tells every other auth process over Redis pub/sub
 * before the change's request is answered. While the subscription is not live (start, Redis lost) the
 * cache is off, so a missed message can never keep a revoked session alive; an entry also lives at most
 * IDENTITY_CACHE_SECONDS.
 */
@Injectable()
export class IdentityCache implements OnApplicationShutdown {
  private readonly sessions = new Map<string, Entry<string | null>>();
  private readonly identities = new Map<string, Entry<unknown>>();
  private readonly ttlMs: number;
  private readonly channel: string;
  private subscriber: LiveSubscription | null = null;
  private get live(): boolean {
    return this.subscriber?.live ?? false;
  }
  /** Bumped by every revocation: a lookup that started before one does not store what it read. */
  private generation = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    keys: RedisKeys,
    @Inject(CONFIG) config: AuthConfig,
  ) {
    this.ttlMs = config.IDENTITY_CACHE_SECONDS * 1000;
    this.channel = keys.identityRevocations;
  }

  /** Starts listening for revocations (lazily: only processes that answer identity checks need it). */
  private listen(): void {
    if (this.subscriber || this.ttlMs <= 0) return;
    this.subscriber = liveSubscription(this.redis, this.channel, { reset: () => this.clear(), message: (text) => this.apply(text) });
  }

  /** A snapshot of the revocation count, taken before a lookup. */
  mark(): number {
    this.listen();
    return this.generation;
  }

  session(kind: SessionKind, sid: string): string | null | undefined {
    return this.read(this.sessions, `${kind}:${sid}`) as string | null | undefined;
  }

  identity<T>(kind: SessionKind, owner: string): T | undefined {
    return this.read(this.identities, `${kind}:${owner}`) as T | undefined;
  }

  rememberSession(mark: number, kind: SessionKind, sid: string, owner: string | null): void {
    this.write(this.sessions, mark, `${kind}:${sid}`, owner);
  }

  rememberIdentity(mark: number, kind: SessionKind, owner: string, identity: unknown): void {
    this.write(this.identities, mark, `${kind}:${owner}`, identity);
  }

  /** One session ended (logout). */
  async revokeSession(kind: SessionKind, sid: string): Promise<void> {
    await this.revoke(`s|${kind}|${sid}`);
  }

  /** Everything known of an owner: its identity and every session (password change, deletion, flags, subscription). */
  async revokeOwner(kind: SessionKind, owner: string): Promise<void> {
    await this.revoke(`o|${kind}|${owner}`);
  }

  private async revoke(message: string): Promise<void> {
    this.apply(message);
    // other auth processes hear it before this request is answered; if Redis is down the change itself failed
    await this.redis.publish(this.channel, message);
  }

  private apply(message: string): void {
    this.generation++;
    const [what, kind, id] = message.split('|');
    if (!kind || !id) return this.clear();
    if (what === 's') {
      this.sessions.delete(`${kind}:${id}`);
      return;
    }
    this.identities.delete(`${kind}:${id}`);
    for (const [key, entry] of this.sessions) if (entry.value === id && key.startsWith(`${kind}:`)) this.sessions.delete(key);
  }

  private read(map: Map<string, Entry<unknown>>, key: string): unknown {
    if (!this.live) return undefined;
    const e = map.get(key);
    if (!e) return undefined;
    if (e.until < Date.now()) {
      map.delete(key);
      return undefined;
    }
    return e.value;
  }

  private write(map: Map<string, Entry<unknown>>, mark: number, key: string, value: unknown): void {
    if (!this.live || mark !== this.generation) return;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, until: Date.now() + this.ttlMs });
  }

  private clear(): void {
    this.generation++;
    this.sessions.clear();
    this.identities.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    await sub?.close();
    rootLogger().debug('identity cache closed');
  }
}
