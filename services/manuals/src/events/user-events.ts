import type { DataSource } from 'typeorm';
import type { EventHandlers } from '@clima/common';

/**
 * Facts this service hears. A deleted user's download records go; the manuals' download_count totals
 * stay (they are anonymous figures). Deleting again is a no-op, so a replay is harmless.
 */
export function manualsEventHandlers(ds: DataSource): EventHandlers {
  return {
    'user.deleted': async ({ userId }) => {
      await ds.query(`DELETE FROM manuals.downloads WHERE user_id = $1`, [userId]);
    },
  };
}
