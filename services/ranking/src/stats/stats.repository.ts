import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryRows } from '@clima/common';
import { DataSource } from 'typeorm';

export interface DayAccess {
  day: string;
  users: string;
  sessions: string;
}

/** Per-day figures of the admin dashboard, between two São Paulo days (inclusive). */
@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * The 'Acessos' chart, both series from one record: the user's `active_days` row of each day (a sign-in or
   * study that day) and the study sessions it counts. A day whose activity had no study session (a sign-in
   * alone) is one session: the visit itself. So each user counted that day brings at least one session.
   */
  accessByDay(first: string, last: string): Promise<DayAccess[]> {
    return queryRows<DayAccess>(
      this.ds,
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*) AS users, sum(greatest(sessions, 1)) AS sessions
         FROM ranking.active_days
        WHERE day BETWEEN $1 AND $2
        GROUP BY day`,
      [first, last],
    );
  }
}
