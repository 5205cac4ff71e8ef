/**
 * user.deleted with the sandbox provider behaves as with Stripe: the running subscription is canceled at
 * the provider at once, the provider reports it with a signed `customer.subscription.deleted` through the
 * webhook route, and then the user's billing rows go. A notice that cannot be delivered does not keep the
 * user's data.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { UserDeletedHandler } from '../src/events/user-deleted.handler';
import { buildApp, deliver, facts, newUserId, subscriptionRows } from './helpers';
import { checkoutSession, DAY, event, invoice, nowUnix, rid, subscription } from './stripe-fixtures';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const infra = require('../../../infra/platform.cjs') as typeof import('../../../infra/platform.cjs');

async function subscribed(app: NestFastifyApplication) {
  const userId = newUserId();
  const customer = rid('cus');
  const sub = rid('sub');
  const t = nowUnix() - 60;
  await deliver(app, event('checkout.session.completed', checkoutSession({ userId, customer, subscription: sub }), t)).expect(200);
  await deliver(app, event('customer.subscription.created', subscription({ id: sub, customer, userId, status: 'active', periodEnd: nowUnix() + 20 * DAY }), t)).expect(200);
  await deliver(app, event('invoice.paid', invoice({ customer, subscription: sub, amount: 1990 }), t)).expect(200);
  return { userId, customer, sub };
}

describe('sandbox provider: cancelNow on user.deleted', () => {
  let app: NestFastifyApplication;
  let ds: DataSource;

  beforeAll(async () => {
    const [port] = await infra.freePorts(1);
    ({ app, ds } = await buildApp({ BILLING_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/api/billing/webhook` }));
    await app.listen(port!, '127.0.0.1');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the sandbox ends the subscription and reports it through the webhook before the rows go', async () => {
    const { userId, sub } = await subscribed(app);
    expect((await facts(ds, userId)).map((f) => f.status)).toEqual(['active']);
    const applied = () => ds.query(`SELECT count(*)::int AS n FROM billing.processed_events WHERE type = 'customer.subscription.deleted' AND outcome = 'applied'`);
    const [{ n: before }] = (await applied()) as { n: number }[];

    await app.get(UserDeletedHandler).handle(userId);

    // the provider's event arrived (signed, through the route) while the subscription was still the user's
    const statuses = (await facts(ds, userId)).map((f) => f.status);
    expect(statuses).toEqual(['active', 'canceled']);
    const [{ n: after }] = (await applied()) as { n: number }[];
    expect(after).toBeGreaterThan(before);
    // and then the user's rows went; the canceled subscription was not recorded again
    expect(await subscriptionRows(ds, userId)).toHaveLength(0);
    expect(await ds.query(`SELECT 1 FROM billing.subscriptions WHERE provider_subscription_id = $1`, [sub])).toHaveLength(0);
    expect(await ds.query(`SELECT 1 FROM billing.customers WHERE user_id = $1`, [userId])).toHaveLength(0);
    expect(await ds.query(`SELECT 1 FROM billing.payments WHERE user_id = $1`, [userId])).toHaveLength(0);

    // a replay has nothing left to cancel
    await app.get(UserDeletedHandler).handle(userId);
    expect((await facts(ds, userId)).map((f) => f.status)).toEqual(['active', 'canceled']);
  });

  it('a subscription already ended is not canceled again', async () => {
    const { userId, customer, sub } = await subscribed(app);
    await deliver(app, event('customer.subscription.deleted', subscription({ id: sub, customer, userId, status: 'canceled', periodEnd: nowUnix(), reason: 'cancellation_requested' }))).expect(200);
    const before = (await facts(ds, userId)).length;
    await app.get(UserDeletedHandler).handle(userId);
    expect(await facts(ds, userId)).toHaveLength(before);
    expect(await subscriptionRows(ds, userId)).toHaveLength(0);
  });

  it('when the notice cannot be delivered, the user is still deleted', async () => {
    const [closed] = await infra.freePorts(1);
    const other = await buildApp({ BILLING_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${closed}/api/billing/webhook` });
    try {
      const { userId } = await subscribed(other.app);
      await other.app.get(UserDeletedHandler).handle(userId);
      expect(await subscriptionRows(other.ds, userId)).toHaveLength(0);
      expect((await facts(other.ds, userId)).map((f) => f.status)).toEqual(['active']);
    } finally {
      await other.app.close();
    }
  });
});
