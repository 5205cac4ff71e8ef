import { isoText } from '@clima/common';
import { Injectable } from '@nestjs/common';
import type { RankingExport } from '@clima/contract';
import { UserDataRepository } from './user-data.repository';

/** What the ranking holds about one user, for the LGPD export: the board profile, the totals and every ledger behind them. */
@Injectable()
export class UserExportService {
  constructor(private readonly rows: UserDataRepository) {}

  async export(userId: string): Promise<RankingExport> {
    const [profiles, stats, days, awards, learning, weeks, podiums] = await this.rows.rowsOf(userId);
    const s = stats[0];
    return {
      profile: profiles[0] ?? null,
      totals: s
        ? {
            points: s.points,
            total_logins: s.total_logins,
            online_seconds: s.online_seconds,
            last_active_day: s.last_active_day,
            last_streak_days: s.last_run_days,
            longest_streak_days: s.longest_streak_days,
            week_podiums: s.week_podiums,
          }
        : null,
      active_days: days.map((d) => ({ ...d, first_at: isoText(d.first_at) })),
      streak_awards: awards,
      learning_awards: learning.map((l) => ({ ...l, at: isoText(l.at) })),
      weekly_points: weeks,
      week_podiums: podiums,
    };
  }
}
