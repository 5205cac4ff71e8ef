import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute } from '@clima/common';
import { DataSource } from 'typeorm';

/** Deletes, a slice at a time, the detail the points no longer need. */
@Injectable()
export class RetentionRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Keys of batches applied before `before`; gives how many were deleted (at most `limit`). */
  deleteAppliedBatches(before: Date, limit: number): Promise<number> {
    return execute(
      this.ds,
      `DELETE FROM ranking.applied_batches WHERE batch_id IN (SELECT batch_id FROM ranking.applied_batches WHERE applied_at < $1 LIMIT $2)`,
      [before, limit],
    );
  }

  /** Drops the stretches of study of days up to `lastDay` (their totals and points stay); gives how many days (at most `limit`). */
  compactDays(lastDay: string, limit: number): Promise<number> {
    return execute(
      this.ds,
      `UPDATE ranking.active_days SET learning_spans = NULL
        WHERE (user_id, day) IN (SELECT user_id, day FROM ranking.active_days WHERE day <= $1 AND learning_spans IS NOT NULL LIMIT $2)`,
      [lastDay, limit],
    );
  }
}
