import { domainErrors, ErrorCatalogue } from '@clima/common';
import { BILLING_MESSAGES as M } from '@clima/contract';

/** Every error the billing service answers with; the texts live in the contract beside the schemas that use them. */
export enum BillingError {
  AlreadySubscribed = 'already-subscribed',
  NoCustomer = 'no-customer',
  ProviderUnavailable = 'provider-unavailable',
  BadSignature = 'bad-webhook-signature',
  BadWebhookBody = 'bad-webhook-body',
  ReceiptNotFound = 'receipt-not-found',
  UnknownPlan = 'unknown-plan',
  PixPriceInvalid = 'pix-price-invalid',
}

const E = BillingError;

const CATALOGUE: ErrorCatalogue<BillingError> = {
  [E.AlreadySubscribed]: { status: 409, message: M.alreadySubscribed },
  [E.NoCustomer]: { status: 404, message: M.noCustomer },
  [E.ProviderUnavailable]: { status: 503, message: M.providerUnavailable },
  [E.BadSignature]: { status: 400, message: M.badSignature },
  [E.BadWebhookBody]: { status: 400, message: M.badWebhookBody },
  [E.ReceiptNotFound]: { status: 404, message: M.receiptNotFound },
  [E.UnknownPlan]: { status: 404, message: M.unknownPlan },
  [E.PixPriceInvalid]: { status: 400, message: M.pixPriceInvalid },
};

/** `throw billingError(BillingError.NoCustomer)`: status and message from the catalogue above. */
export const billingError = domainErrors(CATALOGUE);
