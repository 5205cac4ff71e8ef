import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@clima/common';
import { GOOGLE_REAUTH_MINUTES } from '@clima/contract';
import { Redis } from 'ioredis';
import { RedisKeys } from '../infra/redis-keys';

/**
 * Remembers, for GOOGLE_REAUTH_MINUTES, that a session was just created by a Google sign-in: an
 * account without a password proves it is its owner asking (to delete it) with a fresh Google sign-in
 * of the very session that asks. Kept beside the session (`google-signin:<sid>` → user id and time),
 * expiring on its own; a new sign-in is a new session, so an older one never counts.
 */
@Injectable()
export class GoogleReauth {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async record(sid: string, userId: string, at = new Date()): Promise<void> {
    await this.redis.set(this.keys.googleSignIn(sid), JSON.stringify({ userId, at: at.toISOString() }), 'EX', GOOGLE_REAUTH_MINUTES * 60);
  }

  /** When this session's Google sign-in happened, if it is still fresh and belongs to this user. */
  async signedInAt(sid: string | undefined, userId: string): Promise<Date | null> {
    if (!sid) return null;
    const raw = await this.redis.get(this.keys.googleSignIn(sid));
    if (!raw) return null;
    try {
      const v = JSON.parse(raw) as { userId?: unknown; at?: unknown };
      if (v.userId !== userId || typeof v.at !== 'string') return null;
      const at = new Date(v.at);
      return Date.now() - at.getTime() < GOOGLE_REAUTH_MINUTES * 60_000 ? at : null;
    } catch {
      return null;
    }
  }
}
