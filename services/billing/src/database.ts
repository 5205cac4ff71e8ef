import { migrations } from './migrations';
import { Customer } from './subscriptions/customer.entity';
import { Payment } from './subscriptions/payment.entity';
import { ProcessedEvent } from './subscriptions/processed-event.entity';
import { Subscription } from './subscriptions/subscription.entity';

/** The billing service owns the `billing` schema. */
export const SCHEMA = 'billing';
export const entities = [Customer, Subscription, Payment, ProcessedEvent];
export { migrations };
