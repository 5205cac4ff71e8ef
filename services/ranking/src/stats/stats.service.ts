import { Injectable } from '@nestjs/common';
import type { RankingStats } from '@clima/contract';
import { addDays, saoPauloDay } from '../shared/sao-paulo-time';
import { DayCount, StatsRepository } from './stats.repository';

export const ACCESS_DAYS = 30;

/** The admin dashboard's 'Acessos' figures. */
@Injectable()
export class StatsService {
  constructor(private readonly counts: StatsRepository) {}

  /** The last 30 São Paulo days (today included), oldest first, days without activity as zeros. */
  async stats(now = new Date()): Promise<RankingStats> {
    const today = saoPauloDay(now);
    const first = addDays(today, -(ACCESS_DAYS - 1));
    const [users, sessions] = await Promise.all([this.counts.activeUsersByDay(first, today), this.counts.sessionsByDay(first, today)]);
    const byDay = (rows: DayCount[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
    const u = byDay(users);
    const s = byDay(sessions);
    const access = Array.from({ length: ACCESS_DAYS }, (_, i) => {
      const date = addDays(first, i);
      return { date, unique_users: u.get(date) ?? 0, total_sessions: s.get(date) ?? 0 };
    });
    return { access };
  }
}
