import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RankingStats } from '@clima/contract';
import { DataSource } from 'typeorm';
import { addDays, saoPauloDay } from '../shared/sao-paulo-time';

export const ACCESS_DAYS = 30;

/** The admin dashboard's 'Acessos' figures. */
@Injectable()
export class StatsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The last 30 São Paulo days (today included), oldest first, days without activity as zeros. */
  async stats(now = new Date()): Promise<RankingStats> {
    const today = saoPauloDay(now);
    const first = addDays(today, -(ACCESS_DAYS - 1));
    const [users, sessions]: { day: string; n: string }[][] = await Promise.all([
      this.ds.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*) AS n FROM ranking.active_days WHERE day BETWEEN $1 AND $2 GROUP BY day`,
        [first, today],
      ),
      this.ds.query(
        `SELECT to_char(started_day, 'YYYY-MM-DD') AS day, count(*) AS n FROM ranking.sessions WHERE started_day BETWEEN $1 AND $2 GROUP BY started_day`,
        [first, today],
      ),
    ]);
    const byDay = (rows: { day: string; n: string }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
    const u = byDay(users);
    const s = byDay(sessions);
    const access = Array.from({ length: ACCESS_DAYS }, (_, i) => {
      const date = addDays(first, i);
      return { date, unique_users: u.get(date) ?? 0, total_sessions: s.get(date) ?? 0 };
    });
    return { access };
  }
}
