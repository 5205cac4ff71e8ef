import { BillingInit1750000000000 } from './1750000000000-billing-init';

/** Every migration of this service, in order. */
export const migrations = [BillingInit1750000000000];
