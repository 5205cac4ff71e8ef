import { Injectable } from '@nestjs/common';
import { OwnStats, RANKING_SIZE, RankingEntry } from '@clima/contract';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { saoPauloDay } from '../shared/sao-paulo-time';
import { mapOwnStats, mapRankingEntry, StatsRecord } from './ranking.mapper';
import { RankingRepository } from './ranking.repository';

/** Reads of the ranking: the board's order from Redis, the figures from Postgres. */
@Injectable()
export class RankingService {
  constructor(
    private readonly stats: RankingRepository,
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
    return this.stats.records(userIds);
  }
}
