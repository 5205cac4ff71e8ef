import type { EventHandlers } from '@clima/common';
import type { SubscriptionEvents } from './subscription-events';
import type { UserMail } from './user-mail';

/** What the auth service does with the platform's facts (see EVENT_SUBSCRIBERS); each is idempotent. */
export function authEventHandlers(subscriptions: SubscriptionEvents, userMail: UserMail): EventHandlers {
  return {
    'subscription.changed': async (p) => void (await subscriptions.onSubscriptionChanged(p)),
    'user.mail': (p, envelope) => userMail.send(p, envelope.id),
  };
}
