import type { EventHandlers } from '@clima/common';
import type { Logger } from 'pino';
import { rows } from '../shared/db';

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** Removes everything this service keeps about a user: their lesson progress. Idempotent. */
export async function removeUserData(db: Queryable, userId: string): Promise<number> {
  const removed = await rows<{ lesson_id: number }>(db, `DELETE FROM courses.lesson_progress WHERE user_id = $1 RETURNING lesson_id`, [userId]);
  return removed.length;
}

/** The facts this service hears (see EVENT_SUBSCRIBERS). */
export function courseEventHandlers(db: Queryable, logger: Logger): EventHandlers {
  return {
    'user.deleted': async ({ userId }) => {
      const removed = await removeUserData(db, userId);
      logger.info({ userId, removed }, 'lesson progress of a deleted user removed');
    },
  };
}
