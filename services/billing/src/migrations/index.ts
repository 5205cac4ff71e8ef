import { BillingInit1750000000000 } from './1750000000000-billing-init';
import { BillingGracePeriod1760000000000 } from './1760000000000-billing-grace-period';
import { BillingPixBoleto1770000000000 } from './1770000000000-billing-pix-boleto';

/** Every migration of this service, in order. */
export const migrations = [BillingInit1750000000000, BillingGracePeriod1760000000000, BillingPixBoleto1770000000000];
