import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, REDIS, rootLogger, SharedAnswers } from '@clima/common';
import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RankingConfig } from '../config';
import { BoardRow, LeaderboardRepository } from './leaderboard.repository';

export type { BoardRow } from './leaderboard.repository';

/**
 * Order of the board: more points first; on equal points, whoever reached that total first; then the user id.
 * The sorted set's score is -points (ascending ranks = most points first) and its member is
 * '<reached-at ms, 15 digits>:<user id>', so Redis' lexicographic order of equal scores is the tie-break.
 * A hash maps user id → current member.
 */
export function boardMember(row: Pick<BoardRow, 'user_id' | 'reached_ms'>): string {
  return `${String(row.reached_ms).padStart(15, '0')}:${row.user_id}`;
}

export function memberUserId(member: string): string {
  return member.slice(member.indexOf(':') + 1);
}

// Points only grow, so an update carrying fewer points than the board holds is a stale one and is dropped:
// two jobs of one user that commit in one order and reach Redis in the other leave the newer total.
const UPSERT_LUA = `
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then
  local s = redis.call('ZSCORE', KEYS[1], old)
  if s and -tonumber(s) > tonumber(ARGV[2]) then return 0 end
  if old ~= ARGV[3] then redis.call('ZREM', KEYS[1], old) end
end
redis.call('ZADD', KEYS[1], -tonumber(ARGV[2]), ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return 1`;

const REMOVE_LUA = `
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then redis.call('ZREM', KEYS[1], old) end
redis.call('HDEL', KEYS[2], ARGV[1])
return old and 1 or 0`;

// a user's 0-based rank on the built board in one round trip: -2 when the board is not built, -1 when not on it
const POSITION_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -2 end
local member = redis.call('HGET', KEYS[2], ARGV[1])
if not member then return -1 end
local rank = redis.call('ZRANK', KEYS[3], member)
if not rank then return -1 end
return rank`;

const UNLOCK_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** The scope of the boards' kept answers (GET /api/ranking): every change of what a board shows drops them. */
export const BOARD_ANSWERS = 'board';

const REBUILD_PAGE = 5000;
/** Rows changed this long before a rebuild started are synced again after it, so no update is lost to the swap. */
const REBUILD_OVERLAP_MS = 60_000;

/** The leaderboard: a Redis sorted set kept from Postgres, the source of truth. */
@Injectable()
export class LeaderboardService {
  readonly keys: { board: string; members: string; ready: string; lock: string };
  private readonly upsertSha = createHash('sha1').update(UPSERT_LUA).digest('hex');

  constructor(
    private readonly standings: LeaderboardRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) config: RankingConfig,
    private readonly answers: SharedAnswers,
  ) {
    const base = `${config.KEY_PREFIX}:ranking:board`;
    this.keys = { board: base, members: `${base}:members`, ready: `${base}:ready`, lock: `${base}:rebuild-lock` };
  }

  /** Brings the board in line with Postgres for these users (after their change committed). */
  async sync(userIds: string[]): Promise<void> {
    if (!userIds.length) return;
    const rows = await this.standings.standingsOf(userIds);
    const found = new Set(rows.map((r) => r.user_id));
    await this.write(rows, userIds.filter((id) => !found.has(id)));
  }

  /** Puts standings that just committed on the board (a stale one, with fewer points than the board holds, is dropped). */
  async syncRows(rows: BoardRow[]): Promise<void> {
    if (rows.length) await this.write(rows, []);
  }

  private async write(rows: BoardRow[], gone: string[]): Promise<void> {
    const pipe = this.redis.pipeline();
    for (const r of rows) pipe.evalsha(this.upsertSha, 2, this.keys.board, this.keys.members, r.user_id, String(r.points), boardMember(r));
    for (const id of gone) pipe.eval(REMOVE_LUA, 2, this.keys.board, this.keys.members, id);
    const results = await pipe.exec();
    // the script is not loaded (Redis restarted or flushed): load it and write again
    if (results?.some(([err]) => err?.message.includes('NOSCRIPT'))) {
      await this.redis.script('LOAD', UPSERT_LUA);
      const again = this.redis.pipeline();
      for (const r of rows) again.eval(UPSERT_LUA, 2, this.keys.board, this.keys.members, r.user_id, String(r.points), boardMember(r));
      await execOrThrow(again);
      return this.changed();
    }
    const failed = results?.find(([err]) => err);
    if (failed) throw failed[0];
    await this.changed();
  }

  async remove(userId: string): Promise<void> {
    await this.redis.eval(REMOVE_LUA, 2, this.keys.board, this.keys.members, userId);
    await this.changed();
  }

  /**
   * What the boards show changed (standings, a name, a week's podium): the answers kept by every process of the
   * ranking are dropped, so the next GET /api/ranking reads the board again. Called once the change is in
   * Postgres and on the Redis board.
   */
  changed(): Promise<void> {
    return this.answers.invalidate(BOARD_ANSWERS);
  }

  /** True when the board is built; rebuilds it when it is missing (another process may be doing so: then false). */
  async ensureReady(): Promise<boolean> {
    if (await this.redis.exists(this.keys.ready)) return true;
    return this.rebuild();
  }

  /**
   * Rebuilds the board from Postgres into fresh keys and swaps them in at once; returns false when another
   * process holds the rebuild lock.
   */
  async rebuild(): Promise<boolean> {
    const token = randomUUID();
    const locked = await this.redis.set(this.keys.lock, token, 'PX', 120_000, 'NX');
    if (!locked) return false;
    try {
      const startedAt = Date.now();
      const tmp = `${this.keys.board}:tmp:${token}`;
      const tmpMembers = `${this.keys.members}:tmp:${token}`;
      let after = '';
      let count = 0;
      for (;;) {
        const page = await this.standings.standingsAfter(after, REBUILD_PAGE);
        if (!page.length) break;
        const pipe = this.redis.pipeline();
        for (const r of page) {
          pipe.zadd(tmp, -r.points, boardMember(r));
          pipe.hset(tmpMembers, r.user_id, boardMember(r));
        }
        await execOrThrow(pipe);
        count += page.length;
        after = page[page.length - 1]!.user_id;
        if (page.length < REBUILD_PAGE) break;
      }
      const swap = this.redis.multi();
      if (count) swap.rename(tmp, this.keys.board).rename(tmpMembers, this.keys.members);
      else swap.del(this.keys.board, this.keys.members);
      swap.set(this.keys.ready, String(Date.now()));
      await execOrThrow(swap);
      await this.changed();
      // updates that committed while the snapshot was read went to the old keys: apply them again
      const recent = await this.standings.changedSince(new Date(startedAt - REBUILD_OVERLAP_MS));
      for (let i = 0; i < recent.length; i += 1000) await this.sync(recent.slice(i, i + 1000));
      rootLogger().info({ members: count }, 'ranking board rebuilt');
      return true;
    } finally {
      await this.redis.eval(UNLOCK_LUA, 1, this.keys.lock, token).catch(() => undefined);
    }
  }

  /** The first n user ids, best first. */
  async top(n: number): Promise<string[]> {
    const members = await this.redis.zrange(this.keys.board, 0, n - 1);
    return members.map(memberUserId);
  }

  /** A user's 1-based position when the board is built (null when not on it), in one round trip; 'unbuilt' otherwise. */
  async builtPosition(userId: string): Promise<number | null | 'unbuilt'> {
    // EVAL, not EVALSHA: Redis keeps the compiled script by its hash either way, and nothing depends on it being loaded
    const rank = (await this.redis.eval(POSITION_LUA, 3, this.keys.ready, this.keys.members, this.keys.board, userId)) as number;
    return rank === -2 ? 'unbuilt' : rank === -1 ? null : rank + 1;
  }

  /** 1-based position, or null when the user is not on the board. */
  async position(userId: string): Promise<number | null> {
    const member = await this.redis.hget(this.keys.members, userId);
    if (!member) return null;
    const rank = await this.redis.zrank(this.keys.board, member);
    return rank === null ? null : rank + 1;
  }

  /** 1-based positions of several users (two pipelined round trips); users not on the board are left out. */
  async positions(userIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (!userIds.length) return out;
    const members = await this.redis.hmget(this.keys.members, ...userIds);
    const found = userIds.map((id, i) => [id, members[i]] as const).filter((x): x is readonly [string, string] => !!x[1]);
    if (!found.length) return out;
    const pipe = this.redis.pipeline();
    for (const [, member] of found) pipe.zrank(this.keys.board, member);
    const ranks = (await pipe.exec()) ?? [];
    found.forEach(([id], i) => {
      const [err, rank] = ranks[i] ?? [];
      if (!err && typeof rank === 'number') out.set(id, rank + 1);
    });
    return out;
  }

  /** The whole board as [user id, points], best first. */
  async snapshot(): Promise<[string, number][]> {
    const flat = await this.redis.zrange(this.keys.board, 0, -1, 'WITHSCORES');
    const out: [string, number][] = [];
    for (let i = 0; i < flat.length; i += 2) out.push([memberUserId(flat[i]!), -Number(flat[i + 1])]);
    return out;
  }

  /** The same order straight from Postgres (used while the board is being rebuilt). */
  topFromDatabase(n: number): Promise<string[]> {
    return this.standings.top(n);
  }

  positionFromDatabase(userId: string): Promise<number | null> {
    return this.standings.position(userId);
  }
}

async function execOrThrow(pipe: { exec(): Promise<[Error | null, unknown][] | null> }): Promise<void> {
  const results = await pipe.exec();
  const failed = results?.find(([err]) => err);
  if (failed) throw failed[0];
}
