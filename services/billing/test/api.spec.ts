import { ask, createRpcClient, createServiceApp, dataSourceOptions, runMigrations, statsPattern } from '@clima/common';
import { BillingStats, PLANS } from '@clima/contract';
import type { ClientProxy } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource, DataSourceOptions } from 'typeorm';
import { psql } from '../../../infra/test/test-env';
import { AppModule } from '../src/app.module';
import { loadBillingConfig } from '../src/config';
import { entities, migrations, SCHEMA } from '../src/database';
import { seed } from '../src/seed';
import { buildApp, deliver, newUserId, userHeaders } from './helpers';
import { checkoutSession, DAY, event, invoice, nowUnix, rid, sign, subscription } from './stripe-fixtures';

const spDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);

describe('billing API', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    ({ app } = await buildApp());
  });
  afterAll(() => app.close());
  const http = () => request(app.getHttpServer());

  it('GET /api/plans serves the contract plans to anyone', async () => {
    const res = await http().get('/api/plans').expect(200);
    expect(res.body).toEqual({
      trial_days: 3,
      plans: [
        { id: 'monthly', name: 'Mensal', price_cents: 1990, price: 19.9, currency: 'BRL', interval: 'month', label: 'R$ 19,90/mês' },
        { id: 'annual', name: 'Anual', price_cents: 19900, price: 199, currency: 'BRL', interval: 'year', label: 'R$ 199,00/ano', monthly_equivalent_cents: 1658 },
      ],
      // the sandbox's pages are ours: the checkout dialog has nothing external to load
      checkout: { provider: 'sandbox', script_url: null, stylesheet_url: null },
    });
  });

  it('the user routes need a signed-in user', async () => {
    await http().get('/api/billing/subscription').expect(401);
    await http().post('/api/billing/checkout').send({ plan: 'monthly' }).expect(401);
    await http().post('/api/billing/portal').expect(401);
  });

  it('a user without a subscription is inactive, eligible for the trial, and has no portal', async () => {
    const userId = newUserId();
    const s = await http().get('/api/billing/subscription').set(userHeaders(userId)).expect(200);
    expect(s.body).toEqual({ status: 'inactive', plan: null, current_period_end: null, cancel_at_period_end: false, trialing: false, payment_failed: false, grace_until: null, can_manage: false, trial_eligible: true });
    const p = await http().post('/api/billing/portal').set(userHeaders(userId)).expect(404);
    expect(p.body).toEqual({ error: 'Nenhuma assinatura encontrada para gerenciar' });
  });

  it('bad checkout input is a 400 with a Portuguese message, never a 500', async () => {
    const h = userHeaders(newUserId());
    const cases: [unknown, string][] = [
      [{}, 'Escolha um plano: mensal ou anual'],
      [{ plan: 'weekly' }, 'Plano inválido: escolha mensal ou anual'],
      [{ plan: 5 }, 'Escolha um plano: mensal ou anual'],
      [{ plan: 'x'.repeat(100_000) }, 'Plano inválido: escolha mensal ou anual'],
      [[1, 2], 'Escolha um plano: mensal ou anual'],
    ];
    for (const [body, error] of cases) {
      const res = await http().post('/api/billing/checkout').set(h).send(body as object);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error } });
    }
    const malformed = await http().post('/api/billing/checkout').set(h).set('Content-Type', 'application/json').send('{"plan":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual(expect.any(String));
  });

  it('answers the dashboard: revenue of the São Paulo month, 30 days of revenue with zeros, subscriptions by plan', async () => {
    const client: ClientProxy = createRpcClient(process.env.REDIS_URL!);
    const rpcConfig = loadBillingConfig({ ...process.env, WORKERS_IN_PROCESS: 'false' });
    const rpcApp = await createServiceApp(AppModule.forRoot(rpcConfig), rpcConfig, { rpc: true, rawBody: true });
    await rpcApp.startAllMicroservices();
    try {
      const before = (await ask<BillingStats>(client, statsPattern('billing'), {}, 5000))!;
      expect(before.revenuePerDay).toHaveLength(30);
      expect(before.revenuePerDay.at(-1)!.date).toBe(spDay(new Date()));
      expect(before.revenuePerDay[0].date).toBe(spDay(new Date(Date.now() - 29 * DAY * 1000)));

      // payments only this spec dates in the past (others pay "now"): two on one day, one on another
      const userId = newUserId();
      const customer = rid('cus');
      const sub = rid('sub');
      await deliver(app, event('checkout.session.completed', checkoutSession({ userId, customer, subscription: sub }))).expect(200);
      await deliver(app, event('customer.subscription.created', subscription({ id: sub, customer, userId, plan: 'annual', status: 'active', periodEnd: nowUnix() + 300 * DAY }))).expect(200);
      const tenDaysAgo = nowUnix() - 10 * DAY;
      const twentyDaysAgo = nowUnix() - 20 * DAY;
      await deliver(app, event('invoice.paid', invoice({ customer, subscription: sub, amount: 19900, paidAt: tenDaysAgo }))).expect(200);
      await deliver(app, event('invoice.paid', invoice({ customer, subscription: sub, amount: 1990, paidAt: tenDaysAgo }))).expect(200);
      await deliver(app, event('invoice.paid', invoice({ customer, subscription: sub, amount: 1234, paidAt: twentyDaysAgo }))).expect(200);

      const after = (await ask<BillingStats>(client, statsPattern('billing'), {}, 5000))!;
      const day = (s: BillingStats, t: number) => s.revenuePerDay.find((d) => d.date === spDay(new Date(t * 1000)))!.revenue;
      expect(Math.round((day(after, tenDaysAgo) - day(before, tenDaysAgo)) * 100)).toBe(21890);
      expect(Math.round((day(after, twentyDaysAgo) - day(before, twentyDaysAgo)) * 100)).toBe(1234);
      expect(after.subscriptionStats.annual).toBeGreaterThanOrEqual(before.subscriptionStats.annual + 1);
      for (const d of after.revenuePerDay) expect(Number.isInteger(Math.round(d.revenue * 100))).toBe(true);
      expect(typeof after.monthlyRevenue).toBe('number');
    } finally {
      client.close();
      await rpcApp.close();
    }
  });

  describe('with the Stripe provider (Payment Links)', () => {
    let stripeApp: NestFastifyApplication;
    const env = {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_placeholder_for_specs',
      STRIPE_WEBHOOK_SECRET: 'whsec_stripe_for_specs',
      STRIPE_PAYMENT_LINK_MONTHLY: 'https://buy.stripe.com/test_mensal',
      STRIPE_PAYMENT_LINK_ANNUAL: 'https://buy.stripe.com/test_anual',
    };
    beforeAll(async () => {
      ({ app: stripeApp } = await buildApp(env));
    });
    afterAll(() => stripeApp.close());

    it('GET /api/plans tells the checkout dialog to load Stripe.js', async () => {
      const res = await request(stripeApp.getHttpServer()).get('/api/plans').expect(200);
      expect(res.body.checkout).toEqual({ provider: 'stripe', script_url: 'https://js.stripe.com/v3', stylesheet_url: null });
    });

    it('checkout is the plan’s link carrying our user id', async () => {
      const userId = newUserId();
      const res = await request(stripeApp.getHttpServer()).post('/api/billing/checkout').set(userHeaders(userId)).send({ plan: 'annual' }).expect(200);
      const url = new URL(res.body.url);
      expect(`${url.origin}${url.pathname}`).toBe('https://buy.stripe.com/test_anual');
      expect(url.searchParams.get('client_reference_id')).toBe(userId);
      expect(url.searchParams.get('prefilled_email')).toBe(`${userId}@exemplo.com.br`);
    });

    it('webhooks are checked with the Stripe secret, and the sandbox pages do not exist', async () => {
      const userId = newUserId();
      const customer = rid('cus');
      const sub = rid('sub');
      const evt = event('customer.subscription.created', subscription({ id: sub, customer, userId, plan: 'monthly', status: 'trialing', periodEnd: nowUnix() + 3 * DAY, noMetadataPlan: true, priceId: 'price_live_x' }));
      const payload = JSON.stringify(evt);
      const post = (secret: string) =>
        request(stripeApp.getHttpServer()).post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(payload, secret)).send(payload);
      expect((await post('whsec_test_sandbox_secret_for_specs')).status).toBe(400);
      await post(env.STRIPE_WEBHOOK_SECRET).expect(200);
      // no price ids configured (Payment Links): the monthly interval identifies the plan
      const s = await request(stripeApp.getHttpServer()).get('/api/billing/subscription').set(userHeaders(userId)).expect(200);
      expect(s.body).toMatchObject({ status: 'active', plan: 'monthly', trialing: true });
      await request(stripeApp.getHttpServer()).get('/api/billing/sandbox/checkout/cs_sandbox_0').set(userHeaders(userId)).expect(404);
    });
  });

  describe('configuration', () => {
    const load = (env: Record<string, string>) => () => loadBillingConfig({ ...process.env, ...env } as NodeJS.ProcessEnv);
    it('is the sandbox without keys, Stripe with them', () => {
      expect(loadBillingConfig({ ...process.env, NODE_ENV: 'development' }).BILLING_PROVIDER).toBe('sandbox');
      expect(load({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_ANNUAL: 'price_a' })().BILLING_PROVIDER).toBe('stripe');
    });
    it('names the missing variable', () => {
      expect(load({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_MONTHLY: 'p', STRIPE_PRICE_ANNUAL: 'p' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
      expect(load({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'w', STRIPE_PRICE_MONTHLY: 'p' })).toThrow(/STRIPE_PRICE_ANNUAL/);
      expect(load({ BILLING_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
      expect(load({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY: obrigatória em produção/);
      expect(load({ NODE_ENV: 'production', BILLING_PROVIDER: 'sandbox' })().BILLING_PROVIDER).toBe('sandbox');
    });
    it('in production, runs the sandbox only when asked for by name; an empty BILLING_PROVIDER is not a request', () => {
      for (const BILLING_PROVIDER of ['', '  ']) {
        expect(load({ NODE_ENV: 'production', BILLING_PROVIDER, STRIPE_SECRET_KEY: '' })).toThrow(/STRIPE_SECRET_KEY: obrigatória em produção/);
        expect(load({ NODE_ENV: 'development', BILLING_PROVIDER, STRIPE_SECRET_KEY: '' })().BILLING_PROVIDER).toBe('sandbox');
      }
      expect(load({ NODE_ENV: 'production', BILLING_PROVIDER: 'demo' })).toThrow(/BILLING_PROVIDER/);
    });
    it('a Stripe key always means Stripe, even beside BILLING_PROVIDER=sandbox', () => {
      const keys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_ANNUAL: 'price_a' };
      for (const NODE_ENV of ['production', 'development']) {
        expect(load({ ...keys, NODE_ENV, BILLING_PROVIDER: 'sandbox' })().BILLING_PROVIDER).toBe('stripe');
      }
      // and then the rest of Stripe's configuration is required: no silent fallback to the sandbox
      expect(load({ NODE_ENV: 'production', BILLING_PROVIDER: 'sandbox', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    });
  });

  describe('demo data', () => {
    const name = `clima_test_billing_seed_${randomBytes(4).toString('hex')}`;
    let seedDs: DataSource;
    beforeAll(async () => {
      psql(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const options = dataSourceOptions({ url: url.toString(), schema: SCHEMA, entities, migrations }) as DataSourceOptions & { schema: string };
      await runMigrations(options);
      seedDs = await new DataSource(options).initialize();
    });
    afterAll(async () => {
      await seedDs?.destroy();
      psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it("fills empty tables once: the provider side of auth's demo users and 30 days of payments", async () => {
      const log = { info: jest.fn() };
      await seed(seedDs, log);
      await seed(seedDs, log);
      const subs = (await seedDs.query(`SELECT user_id, plan, status FROM billing.subscriptions ORDER BY user_id`)) as { user_id: string; plan: string; status: string }[];
      expect(subs).toEqual([
        { user_id: 'email_1', plan: 'monthly', status: 'active' },
        { user_id: 'email_2', plan: 'annual', status: 'active' },
        { user_id: 'email_4', plan: 'monthly', status: 'canceled' },
        { user_id: 'email_5', plan: 'annual', status: 'expired' },
        { user_id: 'email_6', plan: 'annual', status: 'active' },
      ]);
      const recent = (await seedDs.query(`SELECT amount_cents FROM billing.payments WHERE paid_at > now() - interval '30 days'`)) as { amount_cents: number }[];
      expect(recent.length).toBeGreaterThanOrEqual(10);
      expect(recent.every((p) => ([PLANS.monthly.price_cents, PLANS.annual.price_cents] as number[]).includes(p.amount_cents))).toBe(true);
      expect(await seedDs.query(`SELECT 1 FROM billing.payments WHERE paid_at > now()`)).toHaveLength(0);
    });
  });
});
