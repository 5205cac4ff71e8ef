import { dataSourceOptions, exitOnBootError, rootLogger } from '@clima/common';
import { PLANS, SubscriptionPlan, SubscriptionStatus } from '@clima/contract';
import type { Logger } from 'pino';
import { DataSource, DataSourceOptions } from 'typeorm';
import { loadBillingConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { accessStatus } from './subscriptions/subscription-status';

const DAY = 86_400_000;

interface DemoSubscription {
  user: string;
  plan: SubscriptionPlan;
  providerStatus: 'active' | 'canceled';
  endInDays: number;
  paidDaysAgo: number[];
}

/**
 * The provider side of the auth service's demo users (its seed creates them as 'email_1' …
 * 'email_6', in this order), matching the status, plan and expiry auth gives them:
 * 1 Técnico Demo (active monthly), 2 Carlos (active annual), 3 Mariana (never subscribed: no row),
 * 4 João (canceled monthly, paid period not over), 5 Ana (annual that was not renewed: expired),
 * 6 Gestora (active annual). Sandbox provider ids, so the sandbox portal works with them.
 */
const DEMO: DemoSubscription[] = [
  { user: 'email_1', plan: 'monthly', providerStatus: 'active', endInDays: 30, paidDaysAgo: [0] },
  { user: 'email_2', plan: 'annual', providerStatus: 'active', endInDays: 300, paidDaysAgo: [65] },
  { user: 'email_4', plan: 'monthly', providerStatus: 'canceled', endInDays: 10, paidDaysAgo: [20] },
  { user: 'email_5', plan: 'annual', providerStatus: 'active', endInDays: -15, paidDaysAgo: [380] },
  { user: 'email_6', plan: 'annual', providerStatus: 'active', endInDays: 200, paidDaysAgo: [165] },
];

/** Payments of former subscribers whose accounts were deleted (anonymised), spread over the month. */
const FORMER_PAYMENTS: { daysAgo: number; plan: SubscriptionPlan }[] = [
  { daysAgo: 1, plan: 'monthly' },
  { daysAgo: 3, plan: 'monthly' },
  { daysAgo: 7, plan: 'annual' },
  { daysAgo: 9, plan: 'monthly' },
  { daysAgo: 12, plan: 'monthly' },
  { daysAgo: 14, plan: 'monthly' },
  { daysAgo: 16, plan: 'annual' },
  { daysAgo: 20, plan: 'monthly' },
  { daysAgo: 22, plan: 'monthly' },
  { daysAgo: 27, plan: 'monthly' },
  { daysAgo: 29, plan: 'monthly' },
];

export async function seed(ds: DataSource, log: Pick<Logger, 'info'>): Promise<void> {
  const [{ n }] = (await ds.query(`SELECT (SELECT COUNT(*) FROM billing.subscriptions) + (SELECT COUNT(*) FROM billing.payments) AS n`)) as { n: string }[];
  if (Number(n) > 0) {
    log.info('billing: demo data skipped (tables not empty)');
    return;
  }
  const now = Date.now();
  // a fixed time of day per record, so the chart does not depend on when the seed ran
  const at = (daysAgo: number, hour = 14) => {
    const d = new Date(now - daysAgo * DAY);
    d.setUTCHours(hour, 17, 0, 0);
    return d.getTime() > now ? new Date(now - 60_000) : d;
  };
  await ds.transaction(async (m) => {
    for (const [i, s] of DEMO.entries()) {
      const id = s.user.replace(/\W/g, '');
      const end = new Date(now + s.endInDays * DAY);
      const status: SubscriptionStatus =
        accessStatus({ ...s, cancelAtPeriodEnd: false, currentPeriodEnd: end, endedReason: s.providerStatus === 'canceled' ? 'cancellation_requested' : null }, new Date(now), 24 * 3600_000);
      await m.query(`INSERT INTO billing.customers (user_id, provider, provider_customer_id) VALUES ($1, 'sandbox', $2)`, [s.user, `cus_demo_${id}`]);
      await m.query(
        `INSERT INTO billing.subscriptions (user_id, provider, provider_subscription_id, provider_customer_id, plan, provider_status, status,
           current_period_end, cancel_at_period_end, trial_end, ended_reason, payment_failed_at, last_event_at, created_at)
         VALUES ($1, 'sandbox', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          s.user,
          `sub_demo_${id}`,
          `cus_demo_${id}`,
          s.plan,
          s.providerStatus,
          status,
          end,
          false,
          null,
          s.providerStatus === 'canceled' ? 'cancellation_requested' : null,
          null,
          new Date(now - (i + 1) * 3600_000),
          new Date(now - 45 * DAY),
        ],
      );
      for (const d of s.paidDaysAgo) {
        await m.query(
          `INSERT INTO billing.payments (user_id, provider, provider_payment_id, provider_subscription_id, amount_cents, currency, paid_at)
           VALUES ($1, 'sandbox', $2, $3, $4, 'BRL', $5)`,
          [s.user, `in_demo_${id}_${d}`, `sub_demo_${id}`, PLANS[s.plan].price_cents, at(d, 10 + (i % 8))],
        );
      }
    }
    for (const [i, p] of FORMER_PAYMENTS.entries()) {
      await m.query(
        `INSERT INTO billing.payments (user_id, provider, provider_payment_id, amount_cents, currency, paid_at) VALUES (NULL, 'sandbox', $1, $2, 'BRL', $3)`,
        [`in_demo_former_${i + 1}`, PLANS[p.plan].price_cents, at(p.daysAgo, 9 + (i % 11))],
      );
    }
  });
  log.info({ subscriptions: DEMO.length, payments: FORMER_PAYMENTS.length + DEMO.reduce((n, s) => n + s.paidDaysAgo.length, 0) }, 'billing: demo data inserted');
}

/**
 * Whether the demo data goes in, decided as auth decides for its demo users ('email_1' … 'email_6'):
 * SEED_DEMO_USERS (its config) when set, otherwise everywhere but production. In production auth creates no demo users,
 * so the first people to register get those very ids: demo rows for them would hand a real person
 * a subscription nobody paid for.
 */
function seedsDemo(seedDemoUsers: boolean | undefined): boolean {
  return seedDemoUsers ?? process.env.NODE_ENV !== 'production';
}

async function main(): Promise<void> {
  const config = loadBillingConfig();
  const ds = new DataSource(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations }) as DataSourceOptions);
  await ds.initialize();
  try {
    if (!seedsDemo(config.SEED_DEMO_USERS)) {
      rootLogger('billing').info('billing: demo data not inserted (production without SEED_DEMO_USERS)');
      return;
    }
    await seed(ds, rootLogger('billing'));
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) main().catch(exitOnBootError);
