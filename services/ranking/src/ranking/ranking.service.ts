import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OwnStats, RANKING_SIZE, RankingEntry } from '@clima/contract';
import { DataSource } from 'typeorm';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { saoPauloDay } from '../shared/sao-paulo-time';
import { mapOwnStats, mapRankingEntry, StatsRecord } from './ranking.mapper';

/** Reads of the ranking: the board's order from Redis, the figures from Postgres. */
@Injectable()
export class RankingService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly board: LeaderboardService,
  ) {}

  /** The top of the board as `viewerId` may see it (see mapRankingEntry). */
  async top(viewerId: string): Promise<RankingEntry[]> {
    const ids = (await this.board.ensureReady()) ? await this.board.top(RANKING_SIZE) : await this.board.topFromDatabase(RANKING_SIZE);
    const records = new Map((await this.records(ids)).map((r) => [r.user_id, r]));
    const today = saoPauloDay(new Date());
    const entries: RankingEntry[] = [];
    for (const id of ids) {
      const r = records.get(id);
      // a member whose row is gone (deleted meanwhile) is skipped; the next sync removes it
      if (r) entries.push(mapRankingEntry(r, entries.length + 1, today, viewerId));
    }
    return entries;
  }

  async ownStats(userId: string): Promise<OwnStats> {
    const [record] = await this.records([userId]);
    if (!record) return mapOwnStats(undefined, null, saoPauloDay(new Date()));
    const position = (await this.board.ensureReady()) ? await this.board.position(userId) : await this.board.positionFromDatabase(userId);
    return mapOwnStats(record, position, saoPauloDay(new Date()));
  }

  private records(userIds: string[]): Promise<StatsRecord[]> {
    if (!userIds.length) return Promise.resolve([]);
    return this.ds.query(
      `SELECT s.user_id, p.name, p.email, s.points, s.total_logins, s.online_minutes,
              to_char(s.last_active_day, 'YYYY-MM-DD') AS last_active_day, s.last_run_days, s.longest_streak_days
         FROM ranking.user_stats s LEFT JOIN ranking.user_profiles p ON p.user_id = s.user_id
        WHERE s.user_id = ANY($1)`,
      [userIds],
    );
  }
}
