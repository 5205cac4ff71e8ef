/**
 * Grace period of a failed renewal, end to end on one machine: Stripe-format signed events into the
 * billing app, its outbox relayed to the real auth app (which updates the user and delivers mail over
 * SMTP to a real MailDev), the expiry job ending a grace that ran out.
 */
import { bullConnection, dataSourceOptions, eventQueueName, runMigrations } from '@clima/common';
import type { EventEnvelope, EventName } from '@clima/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource, DataSourceOptions } from 'typeorm';
import { linkIn, MailServer, startMailServer } from '../../../infra/test/mail-server';
import { psql } from '../../../infra/test/test-env';
import * as authDb from '../../auth/src/database';
import { assertedIdentity, bootApp, Browser, registerUser } from '../../auth/test/helpers';
import { BillingBackground } from '../src/background';
import * as billingDb from '../src/database';
import { ExpiryService } from '../src/expiry/expiry.service';
import { buildApp, deliver, eventually, userHeaders } from './helpers';
import { checkoutSession, DAY, event, invoice, nowUnix, rid, subscription } from './stripe-fixtures';

jest.setTimeout(90_000);

const PUBLIC_URL = 'http://localhost:8080';
const iso = (unix: number) => new Date(unix * 1000).toISOString();
const ddmmyyyy = (unix: number) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(unix * 1000));

describe('grace period of a failed renewal', () => {
  // a database and queues of their own: this spec's relay, consumers and expiry job see only its rows and
  // mails, and no other spec's relay or auth consumer takes them
  const id = randomBytes(4).toString('hex');
  const prefix = `${process.env.KEY_PREFIX}_grace${id}`;
  const dbName = `clima_test_grace_${id}`;
  const dbUrl = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${dbName}` }).toString();
  let mail: MailServer;
  let auth: NestFastifyApplication;
  let billing: NestFastifyApplication;
  let ds: DataSource;
  let authQueue: Queue;

  beforeAll(async () => {
    psql(`CREATE DATABASE ${dbName}`);
    for (const db of [authDb, billingDb]) {
      await runMigrations(dataSourceOptions({ url: dbUrl, schema: db.SCHEMA, entities: db.entities, migrations: db.migrations }) as DataSourceOptions & { schema: string });
    }
    mail = await startMailServer();
    const env = { DATABASE_URL: dbUrl, KEY_PREFIX: prefix, PUBLIC_URL };
    ({ app: auth } = await bootApp({ ...env, SMTP_URL: mail.smtpUrl }));
    // the scheduled expiry run stays out of the way: the spec runs the job's function when time has passed
    ({ app: billing, ds } = await buildApp({ ...env, BILLING_GRACE_DAYS: '7', BILLING_EXPIRY_EVERY_MINUTES: '1440' }));
    await billing.get(BillingBackground).start();
    authQueue = new Queue(eventQueueName('auth'), { connection: bullConnection(process.env.REDIS_URL!), prefix });
  });
  afterAll(async () => {
    await authQueue?.close();
    await billing?.close();
    await auth?.close();
    await mail?.stop();
    psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  const summary = async (userId: string) =>
    (await request(billing.getHttpServer()).get('/api/billing/subscription').set(userHeaders(userId)).expect(200)).body as {
      status: string;
      current_period_end: string | null;
      payment_failed: boolean;
      grace_until: string | null;
    };

  const authUser = async (userId: string) =>
    ((await ds.query(`SELECT subscription_status, subscription_expires_at FROM auth.users WHERE id = $1`, [userId])) as { subscription_status: string; subscription_expires_at: Date | null }[])[0]!;

  /** What auth holds for the user once billing's facts went through the relay and auth's consumer. */
  const authHolds = (userId: string, status: string, expiresAt: string) =>
    eventually(async () => {
      const u = await authUser(userId);
      expect({ status: u.subscription_status, expiresAt: u.subscription_expires_at?.toISOString() }).toEqual({ status, expiresAt });
    });

  /** The status the signed identity carries on the user's next request (what every service believes). */
  const identityStatus = async (browser: Browser) => assertedIdentity(await browser.identity()).user?.subscriptionStatus;

  /** Every fact of one kind billing decided about a user: still in its outbox, or already in auth's queue. */
  async function sent<E extends EventName>(name: E, userId: string): Promise<EventEnvelope<E>['payload'][]> {
    const rows = (await ds.query(`SELECT event_id, payload FROM billing.outbox WHERE name = $1 AND payload->>'userId' = $2`, [name, userId])) as { event_id: string; payload: EventEnvelope<E>['payload'] }[];
    const found = new Map(rows.map((r) => [r.event_id, r.payload]));
    for (const job of await authQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized'])) {
      const env = job?.data as EventEnvelope<E> | undefined;
      if (env?.name === name && env.payload.userId === userId) found.set(env.id, env.payload);
    }
    return [...found.values()];
  }

  /** Waits until auth's consumer has nothing left to do (so a mail that was going to be sent has been). */
  const settled = () =>
    eventually(async () => {
      expect(await ds.query(`SELECT 1 FROM billing.outbox`)).toHaveLength(0);
      const counts = await authQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
      const mailQueue = new Queue('mail', { connection: bullConnection(process.env.REDIS_URL!), prefix });
      try {
        const m = await mailQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        expect(Object.values(m).reduce((a, b) => a + b, 0)).toBe(0);
      } finally {
        await mailQueue.close();
      }
    });

  const pendingMails = async (email: string) => (await mail.messages(email)).filter((m) => /^Pagamento pendente/.test(m.subject));

  /**
   * A registered user (real auth account) whose paid monthly period ended two hours ago: the provider
   * is about to charge the renewal.
   */
  async function subscriber() {
    const { browser, me } = await registerUser(auth);
    const customer = rid('cus');
    const sub = rid('sub');
    const t0 = nowUnix() - 30 * DAY;
    const renewalAt = nowUnix() - 2 * 3600;
    await deliver(billing, event('checkout.session.completed', checkoutSession({ userId: me.id, customer, subscription: sub }), t0)).expect(200);
    await deliver(billing, event('customer.subscription.created', subscription({ id: sub, customer, userId: me.id, status: 'active', periodEnd: renewalAt }), t0)).expect(200);
    await deliver(billing, event('invoice.paid', invoice({ customer, subscription: sub, amount: 1990, paidAt: t0 }), t0)).expect(200);
    await authHolds(me.id, 'active', iso(renewalAt));
    return { userId: me.id, email: me.email, browser, customer, sub, renewalAt, nextEnd: renewalAt + 30 * DAY };
  }

  type Sub = Awaited<ReturnType<typeof subscriber>>;

  /** The renewal charge fails at `at`: Stripe sends the invoice failure and the subscription, now past due, with the new period. */
  async function renewalFails(s: Sub, at: number) {
    const failed = event('invoice.payment_failed', invoice({ customer: s.customer, subscription: s.sub, amount: 1990, paidAt: null }), at);
    await deliver(billing, failed).expect(200, { received: true });
    await deliver(billing, event('customer.subscription.updated', subscription({ id: s.sub, customer: s.customer, userId: s.userId, status: 'past_due', periodEnd: s.nextEnd }), at)).expect(200);
    return failed;
  }

  it('keeps access for BILLING_GRACE_DAYS after the failure, tells the user once by e-mail, and auth keeps the user active', async () => {
    const s = await subscriber();
    const failedAt = s.renewalAt + 60;
    const failed = await renewalFails(s, failedAt);
    const graceEnd = failedAt + 7 * DAY;

    expect(await summary(s.userId)).toMatchObject({ status: 'active', payment_failed: true, grace_until: iso(graceEnd), current_period_end: iso(s.nextEnd) });
    const [row] = await ds.query(`SELECT provider_status, status, past_due_since, grace_until FROM billing.subscriptions WHERE provider_subscription_id = $1`, [s.sub]);
    expect(row).toEqual({ provider_status: 'past_due', status: 'active', past_due_since: new Date(failedAt * 1000), grace_until: new Date(graceEnd * 1000) });

    // auth: still active, and the end of access it shows is the grace's end, not the period the provider moved ahead
    await authHolds(s.userId, 'active', iso(graceEnd));
    expect(await identityStatus(s.browser)).toBe('active');

    // the e-mail: pt-BR, both parts, the grace date, a link to the subscription page
    const message = await mail.waitFor(s.email, /^Pagamento pendente/, 30_000);
    expect(message.subject).toBe(`Pagamento pendente: atualize seu cartão até ${ddmmyyyy(graceEnd)}`);
    expect(message.text).toContain('Olá, Técnico Teste!');
    expect(message.text).toContain(`Seu acesso continua liberado até ${ddmmyyyy(graceEnd)}`);
    expect(linkIn(message, `${PUBLIC_URL}/`)).toBe(`${PUBLIC_URL}/subscription`);
    expect(message.html).toContain(`href="${PUBLIC_URL}/subscription"`);
    expect(message.html).toContain('Atualizar cartão');

    // the provider retries and fails again, and redelivers the first failure: the grace does not move, no second e-mail
    await deliver(billing, event('invoice.payment_failed', invoice({ customer: s.customer, subscription: s.sub, amount: 1990, paidAt: null }), failedAt + 3 * 3600)).expect(200);
    await deliver(billing, event('customer.subscription.updated', subscription({ id: s.sub, customer: s.customer, userId: s.userId, status: 'past_due', periodEnd: s.nextEnd }), failedAt + 3 * 3600)).expect(200);
    await deliver(billing, failed).expect(200, { received: true, duplicate: true });
    expect((await summary(s.userId)).grace_until).toBe(iso(graceEnd));
    await settled();
    expect(await sent('user.mail', s.userId)).toHaveLength(1);
    expect(await pendingMails(s.email)).toHaveLength(1);
  });

  it('a payment during the grace returns the subscription to good standing with its new period', async () => {
    const s = await subscriber();
    const failedAt = s.renewalAt + 60;
    await renewalFails(s, failedAt);
    await authHolds(s.userId, 'active', iso(failedAt + 7 * DAY));

    // the user updated the card; the retry goes through
    const paidAt = nowUnix() - 60;
    await deliver(billing, event('invoice.paid', invoice({ customer: s.customer, subscription: s.sub, amount: 1990, paidAt }), paidAt)).expect(200);
    expect(await summary(s.userId)).toMatchObject({ status: 'active', payment_failed: false, grace_until: null, current_period_end: iso(s.nextEnd) });
    await deliver(billing, event('customer.subscription.updated', subscription({ id: s.sub, customer: s.customer, userId: s.userId, status: 'active', periodEnd: s.nextEnd }), paidAt)).expect(200);
    const [row] = await ds.query(`SELECT status, past_due_since, grace_until, payment_failed_at FROM billing.subscriptions WHERE provider_subscription_id = $1`, [s.sub]);
    expect(row).toEqual({ status: 'active', past_due_since: null, grace_until: null, payment_failed_at: null });
    await authHolds(s.userId, 'active', iso(s.nextEnd));
    expect(await identityStatus(s.browser)).toBe('active');

    // the next renewal that fails is a new failed period: a new grace and a new e-mail
    const nextFail = nowUnix() - 30;
    await deliver(billing, event('invoice.payment_failed', invoice({ customer: s.customer, subscription: s.sub, amount: 1990, paidAt: null }), nextFail)).expect(200);
    expect((await summary(s.userId)).grace_until).toBe(iso(nextFail + 7 * DAY));
    await settled();
    expect(await sent('user.mail', s.userId)).toHaveLength(2);
    expect(await pendingMails(s.email)).toHaveLength(2);
  });

  it('access ends when the grace ends without a payment (expiry job), and comes back with a late payment', async () => {
    const s = await subscriber();
    await renewalFails(s, s.renewalAt + 60);
    await authHolds(s.userId, 'active', iso(s.renewalAt + 60 + 7 * DAY));

    // seven days pass without a payment
    await ds.query(
      `UPDATE billing.subscriptions SET past_due_since = now() - interval '7 days 1 minute', grace_until = now() - interval '1 minute' WHERE provider_subscription_id = $1`,
      [s.sub],
    );
    const [{ grace_until: graceEnd }] = (await ds.query(`SELECT grace_until FROM billing.subscriptions WHERE provider_subscription_id = $1`, [s.sub])) as { grace_until: Date }[];
    // still active until the job looks: nothing else ends it
    expect((await summary(s.userId)).status).toBe('active');
    expect(await billing.get(ExpiryService).expireDue()).toBe(1);

    // ended on the grace's end, not on the period the provider had moved ahead
    expect(await summary(s.userId)).toMatchObject({ status: 'expired', payment_failed: false, grace_until: null, current_period_end: graceEnd.toISOString() });
    await authHolds(s.userId, 'expired', graceEnd.toISOString());
    expect(await identityStatus(s.browser)).toBe('expired');
    // a second run finds nothing more to do
    expect(await billing.get(ExpiryService).expireDue()).toBe(0);

    // the provider's last retry goes through after all: access is back for the period paid
    const paidAt = nowUnix() - 5;
    await deliver(billing, event('invoice.paid', invoice({ customer: s.customer, subscription: s.sub, amount: 1990, paidAt }), paidAt)).expect(200);
    expect(await summary(s.userId)).toMatchObject({ status: 'active', payment_failed: false, grace_until: null, current_period_end: iso(s.nextEnd) });
    await authHolds(s.userId, 'active', iso(s.nextEnd));
    expect(await identityStatus(s.browser)).toBe('active');
  });

  it('stays right whatever order the provider delivers in', async () => {
    // the past_due subscription arrives first, the (earlier) invoice failure after it: the grace counts from the earlier one
    const a = await subscriber();
    const failedAt = a.renewalAt + 60;
    await deliver(billing, event('customer.subscription.updated', subscription({ id: a.sub, customer: a.customer, userId: a.userId, status: 'past_due', periodEnd: a.nextEnd }), failedAt + 5)).expect(200);
    expect((await summary(a.userId)).grace_until).toBe(iso(failedAt + 5 + 7 * DAY));
    await deliver(billing, event('invoice.payment_failed', invoice({ customer: a.customer, subscription: a.sub, amount: 1990, paidAt: null }), failedAt)).expect(200);
    expect((await summary(a.userId)).grace_until).toBe(iso(failedAt + 7 * DAY));
    // the 'active' snapshot of the renewal itself (before the failure) delivered late clears nothing
    await deliver(billing, event('customer.subscription.updated', subscription({ id: a.sub, customer: a.customer, userId: a.userId, status: 'active', periodEnd: a.nextEnd }), failedAt - 30)).expect(200);
    expect(await summary(a.userId)).toMatchObject({ payment_failed: true, grace_until: iso(failedAt + 7 * DAY) });
    await settled();
    expect(await sent('user.mail', a.userId)).toHaveLength(1);

    // a failure older than the payment that settled it, delivered after it: old news, no grace, no e-mail
    const b = await subscriber();
    const bFailed = event('invoice.payment_failed', invoice({ customer: b.customer, subscription: b.sub, amount: 1990, paidAt: null }), b.renewalAt + 60);
    const paidAt = b.renewalAt + 600;
    await deliver(billing, event('invoice.paid', invoice({ customer: b.customer, subscription: b.sub, amount: 1990, paidAt }), paidAt)).expect(200);
    await deliver(billing, event('customer.subscription.updated', subscription({ id: b.sub, customer: b.customer, userId: b.userId, status: 'active', periodEnd: b.nextEnd }), paidAt)).expect(200);
    await deliver(billing, bFailed).expect(200);
    const [pe] = await ds.query(`SELECT outcome FROM billing.processed_events WHERE event_id = $1`, [bFailed.id]);
    expect(pe.outcome).toBe('stale');
    expect(await summary(b.userId)).toMatchObject({ status: 'active', payment_failed: false, grace_until: null, current_period_end: iso(b.nextEnd) });
    await settled();
    expect(await sent('user.mail', b.userId)).toHaveLength(0);
    expect(await pendingMails(b.email)).toHaveLength(0);
    await authHolds(b.userId, 'active', iso(b.nextEnd));
  });

  it('the sandbox portal simulates the failure, a retry that fails again, and the card updated', async () => {
    const userId = `email_t${randomBytes(6).toString('hex')}`;
    const http = () => request(billing.getHttpServer());
    const checkout = (await http().post('/api/billing/checkout').set(userHeaders(userId)).send({ plan: 'monthly' }).expect(200)).body.url as string;
    await http().post(`${checkout}/complete`).set(userHeaders(userId)).type('form').send({ name: 'Técnico Teste', card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).expect(303);
    const portal = (await http().post('/api/billing/portal').set(userHeaders(userId, 'active')).expect(200)).body.url as string;

    await http().post(`${portal}/fail`).set(userHeaders(userId, 'active')).expect(303);
    const failed = await summary(userId);
    expect(failed).toMatchObject({ status: 'active', payment_failed: true });
    const graceEnd = new Date(failed.grace_until!).getTime();
    expect(Math.abs(graceEnd - (Date.now() + 7 * DAY * 1000))).toBeLessThan(60_000);
    const page = await http().get(portal).set(userHeaders(userId, 'active')).expect(200);
    expect(page.text).toContain('Pagamento pendente');
    expect(page.text).toContain('Atualizar cartão e pagar agora');

    // a retry that fails again keeps the period and the grace
    await http().post(`${portal}/fail`).set(userHeaders(userId, 'active')).expect(303);
    expect(await summary(userId)).toMatchObject({ grace_until: failed.grace_until, current_period_end: failed.current_period_end });

    await http().post(`${portal}/pay`).set(userHeaders(userId, 'active')).expect(303);
    expect(await summary(userId)).toMatchObject({ status: 'active', payment_failed: false, grace_until: null, current_period_end: failed.current_period_end });
    // nothing pending: paying again is not offered and does nothing
    await http().post(`${portal}/pay`).set(userHeaders(userId, 'active')).expect(303);
    expect(await ds.query(`SELECT count(*)::int AS n FROM billing.payments WHERE user_id = $1`, [userId])).toEqual([{ n: 1 }]);
  });
});
