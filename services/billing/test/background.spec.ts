import { bullConnection, EventBus, OutboxRelay } from '@clima/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue, QueueEvents } from 'bullmq';
import { DataSource } from 'typeorm';
import { BillingBackground } from '../src/background';
import { EXPIRY_QUEUE, EXPIRY_SCHEDULER_ID, ExpiryJob } from '../src/expiry/expiry.queue';
import { authQueue, buildApp, deliver, eventually, facts, newUserId, subscriptionRows, summary } from './helpers';
import { checkoutSession, DAY, event, invoice, nowUnix, rid, subscription } from './stripe-fixtures';

describe('billing background work', () => {
  let app: NestFastifyApplication;
  let ds: DataSource;
  let expiryQueue: Queue;
  let expiryEvents: QueueEvents;

  beforeAll(async () => {
    ({ app, ds } = await buildApp({ BILLING_RENEWAL_GRACE_HOURS: '24' }));
    await app.get(BillingBackground).start();
    const connection = bullConnection(process.env.REDIS_URL!);
    expiryQueue = new Queue(EXPIRY_QUEUE, { connection, prefix: process.env.KEY_PREFIX });
    expiryEvents = new QueueEvents(EXPIRY_QUEUE, { connection, prefix: process.env.KEY_PREFIX });
    await expiryEvents.waitUntilReady();
  });
  afterAll(async () => {
    await expiryEvents.close();
    await expiryQueue.close();
    await app.close();
  });

  async function subscribed(o: { cancelAtPeriodEnd?: boolean; plan?: 'monthly' | 'annual' } = {}) {
    const userId = newUserId();
    const customer = rid('cus');
    const sub = rid('sub');
    const t = nowUnix() - 60;
    await deliver(app, event('checkout.session.completed', checkoutSession({ userId, customer, subscription: sub }), t)).expect(200);
    await deliver(app, event('customer.subscription.created', subscription({ id: sub, customer, userId, plan: o.plan, status: 'active', periodEnd: nowUnix() + 10 * DAY, cancelAtPeriodEnd: o.cancelAtPeriodEnd }), t)).expect(200);
    return { userId, customer, sub };
  }

  /** Time passes: the period of this subscription ended `daysAgo` days ago without news from the provider. */
  const periodEnded = (sub: string, daysAgo: number) =>
    ds.query(`UPDATE billing.subscriptions SET current_period_end = now() - make_interval(days => $2) WHERE provider_subscription_id = $1`, [sub, daysAgo]);

  async function runExpiryJob(): Promise<number> {
    const job = await expiryQueue.add(ExpiryJob.ExpireSubscriptions, {});
    return (await job.waitUntilFinished(expiryEvents, 20_000)) as number;
  }

  it('registers the repeatable expiry job', async () => {
    const schedulers = await expiryQueue.getJobSchedulers();
    const mine = schedulers.find((s) => s.key === EXPIRY_SCHEDULER_ID || s.id === EXPIRY_SCHEDULER_ID);
    expect(mine).toBeDefined();
    expect(Number(mine!.every)).toBe(10 * 60_000);
    expect(mine!.name).toBe(ExpiryJob.ExpireSubscriptions);
  });

  it('the expiry job turns a subscription past its end (and the grace) into expired, and tells auth', async () => {
    const { userId, sub } = await subscribed();
    const fresh = await subscribed();
    await periodEnded(sub, 2);
    expect((await summary(app, userId)).status).toBe('active');
    expect(await runExpiryJob()).toBeGreaterThanOrEqual(1);
    expect((await summary(app, userId)).status).toBe('expired');
    expect((await summary(app, fresh.userId)).status).toBe('active');
    expect((await facts(ds, userId)).at(-1)).toMatchObject({ userId, status: 'expired', plan: 'monthly' });
  });

  it('a renewal that is only late (inside the grace) keeps access', async () => {
    const { userId, sub } = await subscribed();
    await ds.query(`UPDATE billing.subscriptions SET current_period_end = now() - interval '2 hours' WHERE provider_subscription_id = $1`, [sub]);
    await runExpiryJob();
    expect((await summary(app, userId)).status).toBe('active');
  });

  it('a subscription canceled at period end becomes canceled once the period ended', async () => {
    const { userId, sub } = await subscribed({ cancelAtPeriodEnd: true, plan: 'annual' });
    await ds.query(`UPDATE billing.subscriptions SET current_period_end = now() - interval '1 minute' WHERE provider_subscription_id = $1`, [sub]);
    await runExpiryJob();
    expect(await summary(app, userId)).toMatchObject({ status: 'canceled', plan: 'annual' });
    expect((await facts(ds, userId)).at(-1)).toMatchObject({ status: 'canceled' });
  });

  it('a late renewal after the expiry brings access back', async () => {
    const { userId, customer, sub } = await subscribed();
    await periodEnded(sub, 3);
    await runExpiryJob();
    expect((await summary(app, userId)).status).toBe('expired');
    await deliver(app, event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'active', periodEnd: nowUnix() + 27 * DAY }))).expect(200);
    expect((await summary(app, userId)).status).toBe('active');
    const all = await facts(ds, userId);
    expect(all.map((f) => f.status).slice(-2)).toEqual(['expired', 'active']);
    // facts about one user are ordered as they were decided
    expect(all.at(-1)!.occurredAt > all.at(-2)!.occurredAt).toBe(true);
  });

  it('each change goes to the outbox in its transaction, and the relay lands it in the auth events queue', async () => {
    const userId = newUserId();
    const customer = rid('cus');
    const sub = rid('sub');
    // a relay in this spec only: the background's relay may be faster, so look in both places
    await deliver(app, event('customer.subscription.created', subscription({ id: sub, customer, userId, status: 'trialing', periodEnd: nowUnix() + 3 * DAY }))).expect(200);
    const [fact] = await facts(ds, userId);
    expect(fact).toMatchObject({ userId, status: 'active', plan: 'monthly', expiresAt: expect.any(String), occurredAt: expect.any(String) });
    await new OutboxRelay(ds, 'billing', app.get(EventBus), () => undefined).flush();
    await eventually(async () => {
      const [landed] = await facts(ds, userId);
      expect(landed).toMatchObject({ eventId: fact.eventId, where: 'queue' });
    });
    const q = authQueue();
    try {
      const job = (await q.getJobs(['waiting', 'active', 'completed', 'delayed', 'prioritized'])).find((j) => j?.data?.id === fact.eventId);
      expect(job!.name).toBe('subscription.changed');
      expect(job!.data.payload).toEqual({ userId, status: 'active', plan: 'monthly', expiresAt: fact.expiresAt, occurredAt: fact.occurredAt });
    } finally {
      await q.close();
    }
    expect(await ds.query(`SELECT 1 FROM billing.outbox WHERE event_id = $1`, [fact.eventId])).toHaveLength(0);
  });

  it('an event that changes nothing for the user writes no fact', async () => {
    const { userId, customer, sub } = await subscribed();
    const before = await facts(ds, userId);
    await deliver(app, event('invoice.paid', invoice({ customer, subscription: sub, amount: 1990 }))).expect(200);
    expect(await facts(ds, userId)).toHaveLength(before.length);
  });

  it('user.deleted removes the customer link and subscriptions and anonymises payments', async () => {
    const { userId, customer, sub } = await subscribed();
    const inv = rid('in');
    await deliver(app, event('invoice.paid', invoice({ id: inv, customer, subscription: sub, amount: 19900 }))).expect(200);
    await app.get(EventBus).publish('user.deleted', { userId });
    await eventually(async () => expect(await subscriptionRows(ds, userId)).toHaveLength(0));
    expect(await ds.query(`SELECT 1 FROM billing.customers WHERE user_id = $1`, [userId])).toHaveLength(0);
    expect(await ds.query(`SELECT user_id, amount_cents FROM billing.payments WHERE provider_payment_id = $1`, [inv])).toEqual([{ user_id: null, amount_cents: 19900 }]);
    // a replay finds nothing to do; the provider's final "deleted" event does not bring the user back
    await app.get(EventBus).publish('user.deleted', { userId }, { id: `replay-${userId}` });
    await deliver(app, event('customer.subscription.deleted', subscription({ id: sub, customer, userId, status: 'canceled', periodEnd: nowUnix(), reason: 'cancellation_requested' }))).expect(200);
    await eventually(async () => expect(await subscriptionRows(ds, userId)).toHaveLength(0));
  });
});
