import { Injectable } from '@nestjs/common';
import type { RankingStats } from '@clima/contract';
import { addDays, saoPauloDay } from '../shared/sao-paulo-time';
import { StatsRepository } from './stats.repository';

export const ACCESS_DAYS = 30;

/** The admin dashboard's 'Acessos' figures. */
@Injectable()
export class StatsService {
  constructor(private readonly counts: StatsRepository) {}

  /** The last 30 São Paulo days (today included), oldest first, days without activity as zeros. */
  async stats(now = new Date()): Promise<RankingStats> {
    const today = saoPauloDay(now);
    const first = addDays(today, -(ACCESS_DAYS - 1));
    const byDay = new Map((await this.counts.accessByDay(first, today)).map((r) => [r.day, r]));
    const access = Array.from({ length: ACCESS_DAYS }, (_, i) => {
      const date = addDays(first, i);
      const row = byDay.get(date);
      return { date, unique_users: Number(row?.users ?? 0), total_sessions: Number(row?.sessions ?? 0) };
    });
    return { access };
  }
}
