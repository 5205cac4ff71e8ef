import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { buildApp, deliver, facts, newUserId, SANDBOX_SECRET, subscriptionRows, summary } from './helpers';
import { checkoutSession, DAY, event, invoice, nowUnix, rid, sign, subscription } from './stripe-fixtures';

describe('billing webhook', () => {
  let app: NestFastifyApplication;
  let ds: DataSource;
  beforeAll(async () => {
    ({ app, ds } = await buildApp());
  });
  afterAll(() => app.close());

  /** A user with a subscription activated through checkout (trial), as a real checkout produces it. */
  async function activate(plan: 'monthly' | 'annual' = 'monthly', created = nowUnix() - 100) {
    const userId = newUserId();
    const customer = rid('cus');
    const sub = rid('sub');
    const trialEnd = nowUnix() + 3 * DAY;
    await deliver(app, event('checkout.session.completed', checkoutSession({ userId, customer, subscription: sub }), created)).expect(200);
    await deliver(app, event('customer.subscription.created', subscription({ id: sub, customer, userId, plan, status: 'trialing', periodEnd: trialEnd, trialEnd }), created)).expect(200);
    return { userId, customer, sub, trialEnd };
  }

  describe('authenticity', () => {
    const body = () => JSON.stringify(event('customer.subscription.updated', subscription({ id: rid('sub'), customer: rid('cus'), userId: newUserId(), periodEnd: nowUnix() + 30 * DAY })));

    it('refuses a signature made with another secret', async () => {
      const payload = body();
      const res = await request(app.getHttpServer()).post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(payload, 'whsec_wrong')).send(payload).expect(400);
      expect(res.body).toEqual({ error: 'Assinatura do webhook inválida' });
    });

    it('refuses a request without a signature', async () => {
      const res = await request(app.getHttpServer()).post('/api/billing/webhook').set('Content-Type', 'application/json').send(body()).expect(400);
      expect(res.body).toEqual({ error: 'Assinatura do webhook inválida' });
    });

    it('refuses a tampered body, and grants nothing', async () => {
      const userId = newUserId();
      const payload = JSON.stringify(event('customer.subscription.created', subscription({ id: rid('sub'), customer: rid('cus'), userId: 'email_other', periodEnd: nowUnix() + 30 * DAY })));
      const signature = sign(payload, SANDBOX_SECRET);
      const tampered = payload.replace('email_other', userId);
      await request(app.getHttpServer()).post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(tampered).expect(400);
      expect(await subscriptionRows(ds, userId)).toHaveLength(0);
    });

    it('refuses a stale timestamp (replayed capture)', async () => {
      const payload = body();
      const res = await request(app.getHttpServer())
        .post('/api/billing/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', sign(payload, SANDBOX_SECRET, nowUnix() - 3600))
        .send(payload)
        .expect(400);
      expect(res.body.error).toBe('Assinatura do webhook inválida');
    });

    it('answers malformed JSON and non-events with 400, never 500', async () => {
      const bad = '{"id": "evt_1", ';
      const r1 = await request(app.getHttpServer()).post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(bad, SANDBOX_SECRET)).send(bad);
      expect(r1.status).toBe(400);
      const notEvent = JSON.stringify({ hello: 'world' });
      const r2 = await request(app.getHttpServer()).post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(notEvent, SANDBOX_SECRET)).send(notEvent);
      expect(r2.status).toBe(400);
      expect(r2.body).toEqual({ error: 'Corpo do webhook inválido' });
      const r3 = await request(app.getHttpServer()).post('/api/billing/webhook').set('Content-Type', 'text/plain').set('Stripe-Signature', 't=1,v1=abc').send('oi');
      expect(r3.status).toBe(400);
    });
  });

  it('activates through checkout: trialing user is active with the plan and the trial end', async () => {
    const { userId, trialEnd } = await activate('annual');
    const s = await summary(app, userId);
    expect(s).toMatchObject({ status: 'active', plan: 'annual', trialing: true, cancel_at_period_end: false, can_manage: true, trial_eligible: false });
    expect(s.current_period_end).toBe(new Date(trialEnd * 1000).toISOString());
    const f = await facts(ds, userId);
    expect(f.at(-1)).toMatchObject({ userId, status: 'active', plan: 'annual', expiresAt: new Date(trialEnd * 1000).toISOString() });
  });

  it('matches a subscription that arrives before its checkout (no metadata) once the checkout completes', async () => {
    const userId = newUserId();
    const customer = rid('cus');
    const sub = rid('sub');
    const t = nowUnix() - 50;
    const first = event('customer.subscription.created', subscription({ id: sub, customer, userId: null, status: 'active', periodEnd: nowUnix() + 30 * DAY }), t);
    await deliver(app, first).expect(200, { received: true });
    const [pe] = await ds.query(`SELECT outcome FROM billing.processed_events WHERE event_id = $1`, [first.id]);
    expect(pe.outcome).toBe('unmatched_user');
    expect((await summary(app, userId)).status).toBe('inactive');
    await deliver(app, event('checkout.session.completed', checkoutSession({ userId, customer, subscription: sub }), t)).expect(200);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', plan: 'monthly' });
  });

  it('processes an event delivered ten times only once', async () => {
    const { userId, customer, sub } = await activate();
    const paid = event('invoice.paid', invoice({ customer, subscription: sub, amount: 1990 }));
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await deliver(app, paid).expect(200)).body);
    expect(answers[0]).toEqual({ received: true });
    expect(answers.slice(1).every((a) => a.duplicate === true)).toBe(true);
    const pays = await ds.query(`SELECT amount_cents FROM billing.payments WHERE user_id = $1`, [userId]);
    expect(pays).toEqual([{ amount_cents: 1990 }]);
    const processed = await ds.query(`SELECT COUNT(*)::int AS n FROM billing.processed_events WHERE event_id = $1`, [paid.id]);
    expect(processed[0].n).toBe(1);
  });

  it('processes concurrent deliveries of the same event once', async () => {
    const { userId, customer, sub } = await activate();
    const renewal = event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'active', periodEnd: nowUnix() + 33 * DAY }));
    const before = (await facts(ds, userId)).length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(app, renewal)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => !a.body.duplicate)).toHaveLength(1);
    expect((await facts(ds, userId)).length).toBe(before + 1);
  });

  it('records invoice.paid and invoice.payment_succeeded of one invoice as one payment (renewal)', async () => {
    const { userId, customer, sub } = await activate();
    const newEnd = nowUnix() + 33 * DAY;
    const inv = invoice({ customer, subscription: sub, amount: 1990 });
    await deliver(app, event('invoice.payment_succeeded', inv)).expect(200);
    await deliver(app, event('invoice.paid', inv)).expect(200);
    await deliver(app, event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'active', periodEnd: newEnd }))).expect(200);
    expect(await ds.query(`SELECT amount_cents, currency FROM billing.payments WHERE user_id = $1`, [userId])).toEqual([{ amount_cents: 1990, currency: 'BRL' }]);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', trialing: false, current_period_end: new Date(newEnd * 1000).toISOString() });
  });

  it('ignores an older subscription.updated that arrives after a newer one', async () => {
    const { userId, customer, sub } = await activate();
    const end = nowUnix() + 30 * DAY;
    const newer = event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'active', periodEnd: end, cancelAtPeriodEnd: true }), nowUnix() - 10);
    const older = event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'active', periodEnd: end, cancelAtPeriodEnd: false }), nowUnix() - 20);
    await deliver(app, newer).expect(200);
    const factsBefore = await facts(ds, userId);
    await deliver(app, older).expect(200);
    expect((await summary(app, userId)).cancel_at_period_end).toBe(true);
    expect(await facts(ds, userId)).toHaveLength(factsBefore.length);
    const [row] = await ds.query(`SELECT outcome FROM billing.processed_events WHERE event_id = $1`, [older.id]);
    expect(row.outcome).toBe('stale');
  });

  it('never revives a subscription the provider ended, whatever arrives later', async () => {
    const { userId, customer, sub } = await activate();
    const t = nowUnix() - 30;
    await deliver(app, event('customer.subscription.deleted', subscription({ id: sub, customer, userId, status: 'canceled', periodEnd: nowUnix(), reason: 'cancellation_requested' }), t)).expect(200);
    await deliver(app, event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'active', periodEnd: nowUnix() + 30 * DAY }), t)).expect(200);
    expect((await summary(app, userId)).status).toBe('canceled');
  });

  it('keeps access after a cancellation until the period end, then canceled', async () => {
    const { userId, customer, sub } = await activate();
    const end = nowUnix() + 20 * DAY;
    await deliver(app, event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'active', periodEnd: end, cancelAtPeriodEnd: true }), nowUnix() - 5)).expect(200);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', cancel_at_period_end: true, current_period_end: new Date(end * 1000).toISOString() });
    expect((await facts(ds, userId)).at(-1)).toMatchObject({ status: 'active', expiresAt: new Date(end * 1000).toISOString() });
    // the provider ends it at the period end
    await deliver(app, event('customer.subscription.deleted', subscription({ id: sub, customer, userId, status: 'canceled', periodEnd: end, cancelAtPeriodEnd: true, reason: 'cancellation_requested' }))).expect(200);
    expect((await summary(app, userId)).status).toBe('canceled');
    expect((await facts(ds, userId)).at(-1)).toMatchObject({ status: 'canceled', plan: 'monthly' });
  });

  it('keeps access while a failed renewal is retried, and expires it when the provider gives up', async () => {
    const { userId, customer, sub } = await activate();
    const newEnd = nowUnix() + 30 * DAY;
    await deliver(app, event('invoice.payment_failed', invoice({ customer, subscription: sub, amount: 1990, paidAt: null }), nowUnix() - 8)).expect(200);
    await deliver(app, event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'past_due', periodEnd: newEnd }), nowUnix() - 8)).expect(200);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', payment_failed: true });
    expect((await facts(ds, userId)).at(-1)).toMatchObject({ status: 'active' });
    expect(await ds.query(`SELECT 1 FROM billing.payments WHERE user_id = $1`, [userId])).toHaveLength(0);
    await deliver(app, event('customer.subscription.deleted', subscription({ id: sub, customer, userId, status: 'canceled', periodEnd: newEnd, reason: 'payment_failed' }), nowUnix() - 2)).expect(200);
    expect((await summary(app, userId)).status).toBe('expired');
    expect((await facts(ds, userId)).at(-1)).toMatchObject({ status: 'expired' });
  });

  it('clears the payment problem when a retry succeeds', async () => {
    const { userId, customer, sub } = await activate();
    const end = nowUnix() + 30 * DAY;
    await deliver(app, event('invoice.payment_failed', invoice({ customer, subscription: sub, amount: 1990, paidAt: null }), nowUnix() - 8)).expect(200);
    await deliver(app, event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'past_due', periodEnd: end }), nowUnix() - 8)).expect(200);
    await deliver(app, event('invoice.paid', invoice({ customer, subscription: sub, amount: 1990 }), nowUnix() - 3)).expect(200);
    await deliver(app, event('customer.subscription.updated', subscription({ id: sub, customer, userId, status: 'active', periodEnd: end }), nowUnix() - 3)).expect(200);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', payment_failed: false });
  });

  it('never grants access for a price that is none of our plans', async () => {
    const userId = newUserId();
    const customer = rid('cus');
    const sub = rid('sub');
    await deliver(app, event('checkout.session.completed', checkoutSession({ userId, customer, subscription: sub }))).expect(200);
    const weekly = subscription({ id: sub, customer, userId, status: 'active', periodEnd: nowUnix() + 7 * DAY, priceId: 'price_other', interval: 'week', noMetadataPlan: true });
    const evt = event('customer.subscription.created', weekly);
    await deliver(app, evt).expect(200);
    expect((await summary(app, userId)).status).toBe('inactive');
    const [row] = await ds.query(`SELECT outcome FROM billing.processed_events WHERE event_id = $1`, [evt.id]);
    expect(row.outcome).toBe('unknown_plan');
    expect((await facts(ds, userId)).filter((f) => f.status === 'active')).toHaveLength(0);
  });

  it('records a checkout without our user id for an operator and grants nothing', async () => {
    const customer = rid('cus');
    const evt = event('checkout.session.completed', checkoutSession({ userId: null, customer, subscription: rid('sub') }));
    await deliver(app, evt).expect(200);
    const [row] = await ds.query(`SELECT outcome FROM billing.processed_events WHERE event_id = $1`, [evt.id]);
    expect(row.outcome).toBe('unmatched_user');
    expect(await ds.query(`SELECT 1 FROM billing.customers WHERE provider_customer_id = $1`, [customer])).toHaveLength(0);
  });

  it('acknowledges event types it does not use', async () => {
    const evt = event('customer.created', { id: rid('cus'), object: 'customer' });
    await deliver(app, evt).expect(200, { received: true });
    const [row] = await ds.query(`SELECT outcome FROM billing.processed_events WHERE event_id = $1`, [evt.id]);
    expect(row.outcome).toBe('ignored');
  });
});
