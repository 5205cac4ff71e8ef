import type { EventHandlers } from '@clima/common';
import type { UserDataRepository } from '../privacy/user-data.repository';

/** The facts this service hears (see EVENT_SUBSCRIBERS); deleting again is a no-op, so a replay is harmless. */
export function manualsEventHandlers(userData: UserDataRepository): EventHandlers {
  return {
    'user.deleted': ({ userId }) => userData.forget(userId),
  };
}
