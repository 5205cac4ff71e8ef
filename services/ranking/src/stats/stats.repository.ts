import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryRows } from '@clima/common';
import { DataSource } from 'typeorm';

export interface DayCount {
  day: string;
  n: string;
}

/** Per-day counts of the admin dashboard, between two São Paulo days (inclusive). */
@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  activeUsersByDay(first: string, last: string): Promise<DayCount[]> {
    return queryRows<DayCount>(
      this.ds,
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*) AS n FROM ranking.active_days WHERE day BETWEEN $1 AND $2 GROUP BY day`,
      [first, last],
    );
  }

  sessionsByDay(first: string, last: string): Promise<DayCount[]> {
    return queryRows<DayCount>(
      this.ds,
      `SELECT to_char(started_day, 'YYYY-MM-DD') AS day, count(*) AS n FROM ranking.sessions WHERE started_day BETWEEN $1 AND $2 GROUP BY started_day`,
      [first, last],
    );
  }
}
