import { isoText } from '@clima/common';
import { Injectable } from '@nestjs/common';
import type { RankingExport } from '@clima/contract';
import { UserDataRepository } from './user-data.repository';


/** What the ranking holds about one user, for the LGPD export: the board profile, the totals and every ledger behind them. */
@Injectable()
export class UserExportService {
  constructor(private readonly rows: UserDataRepository) {}

  async export(userId: string): Promise<RankingExport> {
    const [profiles, stats, days, stretches, awards, sessions] = await this.rows.rowsOf(userId);
    const s = stats[0];
    return {
      profile: profiles[0] ?? null,
      totals: s
        ? {
            points: s.points,
            total_logins: s.total_logins,
            online_minutes: s.online_minutes,
            last_active_day: s.last_active_day,
            last_streak_days: s.last_run_days,
            longest_streak_days: s.longest_streak_days,
          }
        : null,
      active_days: days.map((d) => ({ ...d, first_at: isoText(d.first_at) })),
      online_minutes: stretches.map((m) => ({ from: isoText(m.from), to: isoText(m.to), minutes: m.minutes })),
      streak_awards: awards,
      sessions: sessions.map((x) => ({ started_at: isoText(x.started_at), last_seen_at: isoText(x.last_seen_at) })),
    };
  }
}
