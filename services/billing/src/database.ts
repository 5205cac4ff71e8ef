import { migrations } from './migrations';
import { Customer } from './subscriptions/customer.entity';
import { Payment } from './subscriptions/payment.entity';
import { Subscription } from './subscriptions/subscription.entity';

/** The billing service owns the `billing` schema. */
export const SCHEMA = 'billing';
/** Only the tables a repository reads through TypeORM; the others are plain SQL. */
export const entities = [Customer, Subscription, Payment];
export { migrations };
