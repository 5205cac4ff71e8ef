import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@clima/common';
import { OwnStats, RANKING_SIZE, RankingPeriod } from '@clima/contract';
import type { RankingConfig } from '../config';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { saoPauloDay } from '../shared/sao-paulo-time';
import { WeeklyService } from '../weekly/weekly.service';
import { BoardRow, mapBoardRow, mapOwnStats, StatsRecord } from './ranking.mapper';
import { RankingRepository } from './ranking.repository';

/** Reads of the ranking: the all-time order from Redis, the week's from Postgres, the figures from Postgres. */
@Injectable()
export class RankingService {
  constructor(
    private readonly stats: RankingRepository,
    private readonly board: LeaderboardService,
    private readonly weekly: WeeklyService,
    @Inject(CONFIG) private readonly config: RankingConfig,
  ) {}

  /** The top of a board, each row with what only its own technician is shown (see mapBoardRow, presentBoard). */
  top(period: RankingPeriod = 'all'): Promise<BoardRow[]> {
    return period === 'week' ? this.topOfWeek() : this.topOfAllTime();
  }

  /** The caller's own figures: one statement to Postgres and, beside it, one round trip to the board in Redis. */
  async ownStats(userId: string, now = new Date()): Promise<OwnStats> {
    const today = saoPauloDay(now);
    const [{ record, week, onlinePoints }, onBoard] = await Promise.all([this.stats.ownFigures(userId, this.weekly.currentWeek(now), today), this.board.builtPosition(userId)]);
    const extras = {
      week: { position: week?.position ?? null, points: week?.points ?? 0 },
      today: { online_points: onlinePoints, online_cap: this.config.RANKING_DAILY_ONLINE_POINTS_CAP },
    };
    if (!record) return mapOwnStats(undefined, null, today, extras);
    // the board not built (a new Redis, or a rebuild under way): built now, or read from Postgres meanwhile
    const position = onBoard !== 'unbuilt' ? onBoard : (await this.board.ensureReady()) ? await this.board.position(userId) : await this.board.positionFromDatabase(userId);
    return mapOwnStats(record, position, today, extras);
  }

  private async topOfAllTime(): Promise<BoardRow[]> {
    const ids = (await this.board.ensureReady()) ? await this.board.top(RANKING_SIZE) : await this.board.topFromDatabase(RANKING_SIZE);
    const records = new Map((await this.records(ids)).map((r) => [r.user_id, r]));
    const today = saoPauloDay(new Date());
    // a member whose row is gone (deleted meanwhile) is skipped; the next sync removes it
    const rows = ids.map((id) => records.get(id)).filter((r): r is StatsRecord => r !== undefined);
    // the board's order; a change committed in Postgres and not yet synced to the board (a moment) would show its
    // new points out of place: ordered by the points shown, ties left in the board's order (a stable sort)
    rows.sort((a, b) => b.points - a.points);
    return rows.map((r, i) => mapBoardRow(r, { position: i + 1, points: r.points }, today));
  }

  /** The week's board: this week's points; the badges still follow the all-time figures. */
  private async topOfWeek(): Promise<BoardRow[]> {
    const standings = await this.weekly.top(RANKING_SIZE);
    const ids = standings.map((s) => s.user_id);
    const [records, positions] = await Promise.all([this.records(ids), (await this.board.ensureReady()) ? this.board.positions(ids) : new Map<string, number>()]);
    const byId = new Map(records.map((r) => [r.user_id, r]));
    const today = saoPauloDay(new Date());
    return standings
      .filter((s) => byId.has(s.user_id))
      .map((s) => mapBoardRow(byId.get(s.user_id)!, { position: positions.get(s.user_id) ?? null, points: s.points }, today));
  }

  private records(userIds: string[]): Promise<StatsRecord[]> {
    if (!userIds.length) return Promise.resolve([]);
    return this.stats.records(userIds);
  }
}
