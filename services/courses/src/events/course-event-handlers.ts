import { EventHandlers, rootLogger } from '@clima/common';
import type { ProgressRepository } from '../progress/progress.repository';

/** The facts this service hears (see EVENT_SUBSCRIBERS); each is idempotent. */
export function courseEventHandlers(progress: ProgressRepository): EventHandlers {
  return {
    'user.deleted': async ({ userId }) => {
      const removed = await progress.removeUser(userId);
      rootLogger().info({ userId, removed }, 'lesson progress of a deleted user removed');
    },
  };
}
