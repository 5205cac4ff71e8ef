import type { EventHandlers } from '@clima/common';
import type { UserDeletedHandler } from './user-deleted.handler';

/** What billing does with the platform's facts (see EVENT_SUBSCRIBERS); each is idempotent. */
export function billingEventHandlers(userDeleted: UserDeletedHandler): EventHandlers {
  return {
    'user.deleted': (p) => userDeleted.handle(p.userId),
  };
}
