import { Injectable } from '@nestjs/common';
import { LEARNING_RULES } from '@clima/contract';
import { rootLogger } from '@clima/common';
import { addDays, saoPauloDay, weekOf } from '../shared/sao-paulo-time';
import { PodiumPlace, WeekStanding, WeeklyRepository } from './weekly.repository';

/** A week is closed this long after it ends (Monday 00:00 São Paulo), so the last heartbeats of Sunday are in. */
export const WEEK_CLOSE_GRACE_MS = 15 * 60_000;
/** How many past weeks each run looks at (a platform stopped longer than this closes only the recent ones). */
const WEEKS_LOOKED_AT = 8;

/** The weekly league: the board restarts every Monday 00:00 in São Paulo; when a week closes its top 3 get a badge. */
@Injectable()
export class WeeklyService {
  constructor(private readonly weeks: WeeklyRepository) {}

  /** The Monday of the week running at `now` (São Paulo). */
  currentWeek(now = new Date()): string {
    return weekOf(saoPauloDay(now));
  }

  top(n: number, now = new Date()): Promise<WeekStanding[]> {
    return this.weeks.top(this.currentWeek(now), n);
  }

  /**
   * Closes every finished week (ended at least WEEK_CLOSE_GRACE_MS ago) not closed yet, each once: its top 3
   * earn the 'week_podium' badge. Safe to run anywhere, any number of times.
   */
  async closeFinishedWeeks(now = new Date()): Promise<{ week: string; podium: PodiumPlace[] }[]> {
    const running = this.currentWeek(new Date(now.getTime() - WEEK_CLOSE_GRACE_MS));
    const candidates = Array.from({ length: WEEKS_LOOKED_AT }, (_, i) => addDays(running, -7 * (i + 1)));
    const closed: { week: string; podium: PodiumPlace[] }[] = [];
    for (const week of await this.weeks.unclosed(candidates)) {
      const podium = await this.weeks.closeWeek(week, LEARNING_RULES.weekPodium);
      if (podium) {
        closed.push({ week, podium });
        rootLogger().info({ week, podium: podium.map((p) => p.user_id) }, 'ranking week closed');
      }
    }
    return closed;
  }
}
