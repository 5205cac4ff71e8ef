import type { EventHandlers } from '@clima/common';
import type { UserDataRepository } from '../privacy/user-data.repository';

/** What the catalog does with the platform's facts (see EVENT_SUBSCRIBERS); each is idempotent. */
export function catalogEventHandlers(userData: UserDataRepository): EventHandlers {
  return {
    'user.deleted': ({ userId }) => userData.forget(userId),
  };
}
