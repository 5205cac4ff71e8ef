/**
 * Pix and boleto beside the card, end to end on one machine: the sandbox's checkout and demo "bank" page,
 * Stripe-shaped signed payment_intent.* events, the billing app's outbox relayed to the real auth app (the
 * user's status, and every e-mail delivered over SMTP to a real MailDev), the renewal run, receipts.
 */
import { bullConnection, dataSourceOptions, runMigrations, signedIdentityHeaders } from '@clima/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MailServer, startMailServer } from '../../../infra/test/mail-server';
import { psql } from '../../../infra/test/test-env';
import * as authDb from '../../auth/src/database';
import { bootApp, registerUser } from '../../auth/test/helpers';
import { BillingBackground } from '../src/background';
import * as billingDb from '../src/database';
import { parseBrCode, parseTemplate } from '../src/charges/br-code';
import { ChargesService } from '../src/charges/charges.service';
import { UserDeletedHandler } from '../src/events/user-deleted.handler';
import { ExpiryService } from '../src/expiry/expiry.service';
import { UserExportService } from '../src/privacy/user-export.service';
import { buildApp, deliver, eventually, userHeaders } from './helpers';
import { event, nowUnix, paymentIntent } from './stripe-fixtures';

jest.setTimeout(120_000);

const PUBLIC_URL = 'http://localhost:8080';
const CPF = '529.982.247-25';
const admin = () => signedIdentityHeaders({ user: null, admin: { id: '1', username: 'admin' } });
const plusMonths = (d: Date, n: number) => {
  const x = new Date(d.getTime());
  x.setUTCMonth(x.getUTCMonth() + n);
  return x;
};
const plusYears = (d: Date, n: number) => {
  const x = new Date(d.getTime());
  x.setUTCFullYear(x.getUTCFullYear() + n);
  return x;
};

interface Summary {
  status: string;
  plan: string | null;
  method: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  payment_failed: boolean;
  grace_until: string | null;
  can_manage: boolean;
  pending_charge: null | { id: string; method: string; plan: string; amount_cents: number; code: string; qr_svg: string | null; pdf_url: string | null; hosted_url: string | null; status: string; expires_at: string; due_at: string };
}

describe('Pix and boleto', () => {
  const id = randomBytes(4).toString('hex');
  const prefix = `${process.env.KEY_PREFIX}_pix${id}`;
  const dbName = `clima_test_pix_${id}`;
  const dbUrl = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${dbName}` }).toString();
  let mail: MailServer;
  let auth: NestFastifyApplication;
  let billing: NestFastifyApplication;
  let ds: DataSource;

  beforeAll(async () => {
    psql(`CREATE DATABASE ${dbName}`);
    for (const db of [authDb, billingDb]) {
      await runMigrations(dataSourceOptions({ url: dbUrl, schema: db.SCHEMA, entities: db.entities, migrations: db.migrations }) as DataSourceOptions & { schema: string });
    }
    mail = await startMailServer();
    const env = { DATABASE_URL: dbUrl, KEY_PREFIX: prefix, PUBLIC_URL };
    ({ app: auth } = await bootApp({ ...env, SMTP_URL: mail.smtpUrl }));
    ({ app: billing, ds } = await buildApp({ ...env, BILLING_GRACE_DAYS: '7', BILLING_CHARGE_DAYS_AHEAD: '5', BILLING_EXPIRY_EVERY_MINUTES: '1440' }));
    await billing.get(BillingBackground).start();
  });
  afterAll(async () => {
    await billing?.close();
    await auth?.close();
    await mail?.stop();
    const q = new Queue('mail', { connection: bullConnection(process.env.REDIS_URL!), prefix });
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close();
    psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  const http = () => request(billing.getHttpServer());
  const summary = async (userId: string) => (await http().get('/api/billing/subscription').set(userHeaders(userId)).expect(200)).body as Summary;
  const authUser = async (userId: string) =>
    ((await ds.query(`SELECT subscription_status, subscription_expires_at FROM auth.users WHERE id = $1`, [userId])) as { subscription_status: string; subscription_expires_at: Date | null }[])[0]!;
  const authHolds = (userId: string, status: string, expiresAt: string) =>
    eventually(async () => {
      const u = await authUser(userId);
      expect({ status: u.subscription_status, expiresAt: u.subscription_expires_at?.toISOString() }).toEqual({ status, expiresAt });
    }, 200);
  const periodic = async (userId: string) =>
    ((await ds.query(`SELECT * FROM billing.subscriptions WHERE user_id = $1 AND method <> 'card' ORDER BY id`, [userId])) as Record<string, unknown>[]);
  const payments = async (userId: string) =>
    (await ds.query(`SELECT provider_payment_id, method, plan, amount_cents, payer, receipt_number, paid_at FROM billing.payments WHERE user_id = $1 ORDER BY id`, [userId])) as {
      provider_payment_id: string;
      method: string;
      plan: string;
      amount_cents: number;
      payer: string | null;
      receipt_number: string;
      paid_at: Date;
    }[];

  function checkout(userId: string, body: object) {
    return http().post('/api/billing/checkout').set(userHeaders(userId)).send(body);
  }

  /** 'Simular pagamento' on the sandbox's demo page: a signed payment_intent.succeeded to the webhook. */
  async function payInSandbox(userId: string, hostedUrl: string) {
    const res = await http().post(`${hostedUrl}/pay`).set(userHeaders(userId)).expect(303);
    expect(res.headers.location).toBe('/subscription?status=success');
  }

  /** A registered technician who paid the first monthly period by Pix in the sandbox. */
  async function pixSubscriber() {
    const { me } = await registerUser(auth);
    await checkout(me.id, { plan: 'monthly', method: 'pix' }).expect(200, { url: '/subscription?status=charge' });
    const charge = (await summary(me.id)).pending_charge!;
    await payInSandbox(me.id, charge.hosted_url!);
    const [row] = await periodic(me.id);
    return { userId: me.id, email: me.email, charge, periodEnd: row!.current_period_end as Date };
  }

  it('a first payment by Pix: a real BR Code and its QR, the sandbox pays it, the period starts then, a receipt is e-mailed', async () => {
    const { me } = await registerUser(auth);
    await checkout(me.id, { plan: 'monthly', method: 'pix' }).expect(200, { url: '/subscription?status=charge' });
    const before = await summary(me.id);
    expect(before).toMatchObject({ status: 'inactive', method: null });
    const charge = before.pending_charge!;
    expect(charge).toMatchObject({ method: 'pix', plan: 'monthly', amount_cents: 1990, status: 'pending', pdf_url: null });
    expect(charge.hosted_url).toMatch(/^\/api\/billing\/sandbox\/charge\/pi_sandbox_[a-f0-9]{24}$/);
    // the copy-and-paste code is an EMV BR Code with a valid CRC16 for R$ 19,90
    const br = parseBrCode(charge.code);
    expect(br.crcValid).toBe(true);
    expect(br.fields['54']).toBe('19.90');
    expect(br.fields['53']).toBe('986');
    expect(parseTemplate(br.fields['26']!)['00']).toBe('br.gov.bcb.pix');
    expect(charge.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const hours = (new Date(charge.expires_at).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
    // a second click shows the same charge again
    await checkout(me.id, { plan: 'monthly', method: 'pix' }).expect(200);
    expect((await summary(me.id)).pending_charge!.id).toBe(charge.id);

    // the sandbox's demo page: the amount, the QR and the code, 'Simular pagamento'
    const page = await http().get(charge.hosted_url!).set(userHeaders(me.id)).expect(200);
    expect(page.text).toContain('Ambiente de demonstração: nenhuma cobrança é feita. Não use em produção.');
    expect(page.text).toContain('Simular pagamento');
    expect(page.text).toContain('alt="QR Code do Pix"');
    expect(page.text).toContain(`value="${charge.code}"`);
    // another user's charge is not found
    await http().get(charge.hosted_url!).set(userHeaders(`email_t${randomBytes(6).toString('hex')}`)).expect(404);

    const paidFrom = Date.now();
    await payInSandbox(me.id, charge.hosted_url!);
    const after = await summary(me.id);
    expect(after).toMatchObject({ status: 'active', plan: 'monthly', method: 'pix', pending_charge: null, payment_failed: false, grace_until: null, can_manage: false });
    // the first period starts when the payment is confirmed: one month from then
    const end = new Date(after.current_period_end!).getTime();
    expect(end).toBeGreaterThanOrEqual(plusMonths(new Date(paidFrom - 5000), 1).getTime());
    expect(end).toBeLessThanOrEqual(plusMonths(new Date(), 1).getTime());
    await authHolds(me.id, 'active', after.current_period_end!);

    // the receipt: listed, downloadable as a PDF, e-mailed
    const [p] = await payments(me.id);
    expect(p).toMatchObject({ method: 'pix', plan: 'monthly', amount_cents: 1990, payer: 'Técnico Teste' });
    expect(p!.receipt_number).toMatch(/^CP-\d{8}$/);
    const receipts = (await http().get('/api/billing/receipts').set(userHeaders(me.id)).expect(200)).body.receipts;
    expect(receipts).toEqual([
      { number: p!.receipt_number, paid_at: p!.paid_at.toISOString(), plan: 'monthly', method: 'pix', amount_cents: 1990, currency: 'BRL', payer: 'Técnico Teste', pdf_url: `/api/billing/receipts/${p!.receipt_number}/pdf` },
    ]);
    const pdf = await http().get(receipts[0].pdf_url).set(userHeaders(me.id)).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    // someone else's receipt, or a number that is none, is not found
    await http().get(receipts[0].pdf_url).set(userHeaders(`email_t${randomBytes(6).toString('hex')}`)).expect(404);
    await http().get('/api/billing/receipts/CP-x/pdf').set(userHeaders(me.id)).expect(404);

    const receipt = await mail.waitFor(me.email, /^Recibo CP-/, 30_000);
    expect(receipt.subject).toBe(`Recibo ${p!.receipt_number}: pagamento de R$ 19,90 confirmado`);
    expect(receipt.text).toContain('Forma de pagamento: Pix');
    expect(receipt.text).toContain('Plano: Mensal');
    expect(receipt.text).toContain('Valor: R$ 19,90');
    expect(receipt.text).toContain('Pagador: Técnico Teste');
    expect(receipt.text).toContain(`${PUBLIC_URL}/subscription`);
  });

  it('a renewal by Pix: created a few days ahead and e-mailed, the grace covers the wait, paying extends the period', async () => {
    const s = await pixSubscriber();
    // nothing to issue while the period ends more than BILLING_CHARGE_DAYS_AHEAD away
    expect(await billing.get(ChargesService).issueRenewals()).toBe(0);
    // three days before the period ends
    const dueAt = new Date(Date.now() + 3 * 86_400_000);
    await ds.query(`UPDATE billing.subscriptions SET current_period_end = $2 WHERE user_id = $1`, [s.userId, dueAt]);
    expect(await billing.get(ExpiryService).tick()).toBe(0);
    // once per period
    expect(await billing.get(ChargesService).issueRenewals()).toBe(0);

    const waiting = await summary(s.userId);
    const graceEnd = new Date(dueAt.getTime() + 7 * 86_400_000);
    // still within the period: nothing is pending yet, but the next charge is shown
    expect(waiting).toMatchObject({ status: 'active', method: 'pix', current_period_end: dueAt.toISOString(), payment_failed: false, grace_until: null });
    expect(waiting.pending_charge).toMatchObject({ method: 'pix', plan: 'monthly', amount_cents: 1990, due_at: dueAt.toISOString() });
    expect(parseBrCode(waiting.pending_charge!.code).crcValid).toBe(true);
    // the grace already covers the wait: access lasts until seven days after the period end unless paid
    await authHolds(s.userId, 'active', graceEnd.toISOString());

    const renewal = await mail.waitFor(s.email, /^Clima Pro: Pix de R\$ 19,90/, 30_000);
    expect(renewal.text).toContain(`Pix copia e cola: ${waiting.pending_charge!.code}`);
    expect(renewal.text).toContain(`${PUBLIC_URL}/subscription`);

    // paid through the provider's event stream (Stripe-shaped): one more month after the current period
    const chargeId = waiting.pending_charge!.hosted_url!.split('/').pop()!;
    const processing = event('payment_intent.processing', paymentIntent({ id: chargeId, userId: s.userId, plan: 'monthly', method: 'pix', amount: 1990, status: 'processing' }), nowUnix() - 2);
    const succeeded = event('payment_intent.succeeded', paymentIntent({ id: chargeId, userId: s.userId, plan: 'monthly', method: 'pix', amount: 1990, status: 'succeeded' }), nowUnix() - 1);
    await deliver(billing, succeeded).expect(200, { received: true });
    // a replay is a duplicate; the older 'processing' delivered late changes nothing
    await deliver(billing, succeeded).expect(200, { received: true, duplicate: true });
    await deliver(billing, processing).expect(200, { received: true });
    const renewed = await summary(s.userId);
    expect(renewed).toMatchObject({ status: 'active', current_period_end: plusMonths(dueAt, 1).toISOString(), pending_charge: null, grace_until: null });
    expect(await payments(s.userId)).toHaveLength(2);
    await authHolds(s.userId, 'active', plusMonths(dueAt, 1).toISOString());
  });

  it('a boleto needs a valid CPF; paid late within the grace, the period continues from its due date', async () => {
    const { me } = await registerUser(auth);
    expect((await checkout(me.id, { plan: 'annual', method: 'boleto' }).expect(400)).body).toEqual({ error: 'Informe o CPF de quem paga o boleto' });
    expect((await checkout(me.id, { plan: 'annual', method: 'boleto', cpf: '529.982.247-24' }).expect(400)).body).toEqual({ error: 'CPF inválido: confira os números' });
    expect((await checkout(me.id, { plan: 'annual', method: 'cheque' }).expect(400)).body).toEqual({ error: 'Forma de pagamento inválida: escolha cartão de crédito, Pix ou boleto' });
    await checkout(me.id, { plan: 'annual', method: 'boleto', cpf: CPF }).expect(200);
    const charge = (await summary(me.id)).pending_charge!;
    expect(charge).toMatchObject({ method: 'boleto', plan: 'annual', amount_cents: 19900, qr_svg: null });
    expect(charge.code).toMatch(/^\d{47}$/);
    expect(charge.code.slice(-10)).toBe('0000019900');
    const pdf = await http().get(charge.pdf_url!).set(userHeaders(me.id)).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // the CPF is kept on the boleto only
    expect(await ds.query(`SELECT payer_cpf FROM billing.charges WHERE user_id = $1`, [me.id])).toEqual([{ payer_cpf: '52998224725' }]);
    await payInSandbox(me.id, charge.hosted_url!);
    expect(await summary(me.id)).toMatchObject({ status: 'active', method: 'boleto', plan: 'annual' });

    // the period ended two days ago; the renewal boleto was issued (to the same CPF) and not paid yet: the grace
    const dueAt = new Date(Date.now() - 2 * 86_400_000);
    await ds.query(`UPDATE billing.subscriptions SET current_period_end = $2 WHERE user_id = $1`, [me.id, dueAt]);
    expect(await billing.get(ChargesService).issueRenewals()).toBe(1);
    const late = await summary(me.id);
    const graceEnd = new Date(dueAt.getTime() + 7 * 86_400_000);
    expect(late).toMatchObject({ status: 'active', payment_failed: true, grace_until: graceEnd.toISOString() });
    expect(late.pending_charge).toMatchObject({ method: 'boleto', due_at: dueAt.toISOString() });
    expect(await ds.query(`SELECT payer_cpf FROM billing.charges WHERE user_id = $1 AND due_at = $2`, [me.id, dueAt])).toEqual([{ payer_cpf: '52998224725' }]);
    const boletoMail = await mail.waitFor(me.email, /^Clima Pro: boleto de R\$ 199,00/, 30_000);
    expect(boletoMail.text).toContain('Linha digitável: ');
    // the expiry job leaves it alone within the grace
    expect(await billing.get(ExpiryService).expireDue()).toBe(0);

    // the bank confirms it today (within the grace): a year after the due date, not after today
    const chargeId = late.pending_charge!.hosted_url!.split('/').pop()!;
    await deliver(billing, event('payment_intent.succeeded', paymentIntent({ id: chargeId, userId: me.id, plan: 'annual', method: 'boleto', amount: 19900, status: 'succeeded' }))).expect(200);
    expect(await summary(me.id)).toMatchObject({ status: 'active', current_period_end: plusYears(dueAt, 1).toISOString(), payment_failed: false, grace_until: null });
    await authHolds(me.id, 'active', plusYears(dueAt, 1).toISOString());
  });

  it('a late boleto confirmed after access ended restores access from the payment date', async () => {
    const { me } = await registerUser(auth);
    await checkout(me.id, { plan: 'monthly', method: 'boleto', cpf: CPF }).expect(200);
    const first = (await summary(me.id)).pending_charge!;
    await payInSandbox(me.id, first.hosted_url!);
    // the renewal boleto is issued two days before the period ends…
    await ds.query(`UPDATE billing.subscriptions SET current_period_end = now() + interval '2 days' WHERE user_id = $1`, [me.id]);
    expect(await billing.get(ChargesService).issueRenewals()).toBe(1);
    const chargeId = ((await ds.query(`SELECT provider_charge_id FROM billing.charges WHERE user_id = $1 AND status = 'pending'`, [me.id])) as { provider_charge_id: string }[])[0]!.provider_charge_id;
    // …then time passes: the period ended 20 days ago, its grace 13 days ago, and the expiry job ends access
    await ds.query(
      `UPDATE billing.subscriptions SET current_period_end = now() - interval '20 days', past_due_since = now() - interval '20 days', grace_until = now() - interval '13 days' WHERE user_id = $1`,
      [me.id],
    );
    const [{ grace_until: graceEnd }] = (await ds.query(`SELECT grace_until FROM billing.subscriptions WHERE user_id = $1`, [me.id])) as { grace_until: Date }[];
    expect(await billing.get(ExpiryService).expireDue()).toBe(1);
    expect(await summary(me.id)).toMatchObject({ status: 'expired', current_period_end: graceEnd.toISOString() });
    await authHolds(me.id, 'expired', graceEnd.toISOString());

    // the boleto was paid an hour ago and the provider confirms it now
    const paidAt = nowUnix() - 3600;
    await deliver(billing, event('payment_intent.succeeded', paymentIntent({ id: chargeId, userId: me.id, plan: 'monthly', method: 'boleto', amount: 1990, status: 'succeeded' }), paidAt)).expect(200);
    const restored = plusMonths(new Date(paidAt * 1000), 1).toISOString();
    expect(await summary(me.id)).toMatchObject({ status: 'active', current_period_end: restored });
    await authHolds(me.id, 'active', restored);
  });

  it('an expired code leaves the account as it was', async () => {
    const { me } = await registerUser(auth);
    await checkout(me.id, { plan: 'monthly', method: 'pix' }).expect(200);
    const charge = (await summary(me.id)).pending_charge!;
    const chargeId = charge.hosted_url!.split('/').pop()!;
    await deliver(billing, event('payment_intent.payment_failed', paymentIntent({ id: chargeId, userId: me.id, plan: 'monthly', method: 'pix', amount: 1990, status: 'requires_payment_method', expired: true }))).expect(200);
    expect(await ds.query(`SELECT status FROM billing.charges WHERE provider_charge_id = $1`, [chargeId])).toEqual([{ status: 'expired' }]);
    expect(await summary(me.id)).toMatchObject({ status: 'inactive', method: null, pending_charge: null });
    expect(await periodic(me.id)).toHaveLength(0);
    expect(await payments(me.id)).toHaveLength(0);
    expect(await authUser(me.id)).toEqual({ subscription_status: 'inactive', subscription_expires_at: null });

    // a subscriber whose renewal code expires unpaid: still in the period (then the grace), nothing else changes
    const s = await pixSubscriber();
    const dueAt = new Date(Date.now() + 2 * 86_400_000);
    await ds.query(`UPDATE billing.subscriptions SET current_period_end = $2 WHERE user_id = $1`, [s.userId, dueAt]);
    expect(await billing.get(ChargesService).issueRenewals()).toBe(1);
    const renewal = (await summary(s.userId)).pending_charge!;
    await http().post(`${renewal.hosted_url}/expire`).set(userHeaders(s.userId)).expect(303);
    expect(await summary(s.userId)).toMatchObject({ status: 'active', current_period_end: dueAt.toISOString(), pending_charge: null });
    // one charge per period: the renewal run does not issue another; the technician asks for a new code
    expect(await billing.get(ChargesService).issueRenewals()).toBe(0);
    await checkout(s.userId, { plan: 'monthly', method: 'pix' }).expect(200);
    expect((await summary(s.userId)).pending_charge).toMatchObject({ due_at: dueAt.toISOString() });
    expect(await payments(s.userId)).toHaveLength(1);
  });

  it('a Pix paid twice is credited once; a second Pix paid for the same period is credited as the next period', async () => {
    const s = await pixSubscriber();
    const [row] = await periodic(s.userId);
    const end = row!.current_period_end as Date;
    // the same charge confirmed again (the demo page pressed twice, a redelivery with a new event id)
    await payInSandbox(s.userId, s.charge.hosted_url!);
    await deliver(billing, event('payment_intent.succeeded', paymentIntent({ id: s.charge.hosted_url!.split('/').pop()!, userId: s.userId, plan: 'monthly', method: 'pix', amount: 1990, status: 'succeeded' }))).expect(200);
    expect((await periodic(s.userId))[0]!.current_period_end).toEqual(end);
    expect(await payments(s.userId)).toHaveLength(1);

    // two tabs: a second code for the period already paid is no longer shown, yet paid from the other phone
    await checkout(s.userId, { plan: 'monthly', method: 'pix' }).expect(200);
    const next = await ds.query(`SELECT provider_charge_id, due_at FROM billing.charges WHERE user_id = $1 AND status = 'pending'`, [s.userId]);
    expect(next).toEqual([{ provider_charge_id: expect.stringMatching(/^pi_sandbox_/), due_at: end }]);
    await payInSandbox(s.userId, `/api/billing/sandbox/charge/${next[0].provider_charge_id}`);
    // credited as the next period: no money lost, none counted twice
    expect(await summary(s.userId)).toMatchObject({ status: 'active', current_period_end: plusMonths(end, 1).toISOString(), pending_charge: null });
    expect((await payments(s.userId)).map((p) => p.amount_cents)).toEqual([1990, 1990]);
  });

  it('the technician switches to the card: the paid period runs out, the card is charged then, no more Pix', async () => {
    const s = await pixSubscriber();
    const res = await checkout(s.userId, { plan: 'monthly', method: 'card' }).expect(200);
    expect(res.body.url).toMatch(/^\/api\/billing\/sandbox\/checkout\/cs_sandbox_/);
    const page = await http().get(res.body.url).set(userHeaders(s.userId)).expect(200);
    expect(page.text).toContain('O período já pago com Pix ou boleto continua valendo até');
    await http()
      .post(`${res.body.url}/complete`)
      .set(userHeaders(s.userId))
      .type('form')
      .send({ name: 'Técnico Teste', card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })
      .expect(303);
    const [pix] = await periodic(s.userId);
    expect(pix).toMatchObject({ cancel_at_period_end: true, grace_until: null });
    const card = ((await ds.query(`SELECT * FROM billing.subscriptions WHERE user_id = $1 AND method = 'card'`, [s.userId])) as Record<string, unknown>[])[0]!;
    // the card's first charge waits for the end of the period paid by Pix
    expect(card).toMatchObject({ provider_status: 'trialing', status: 'active' });
    expect(Math.abs((card.current_period_end as Date).getTime() - (pix!.current_period_end as Date).getTime())).toBeLessThan(2000);
    expect(await summary(s.userId)).toMatchObject({ status: 'active', method: 'card', can_manage: true });
    // no renewal charge for the Pix period any more, whenever it ends
    await ds.query(`UPDATE billing.subscriptions SET current_period_end = now() + interval '1 day' WHERE user_id = $1 AND method = 'pix'`, [s.userId]);
    expect(await billing.get(ChargesService).issueRenewals()).toBe(0);
    // the sandbox's own events (no trial: the switch) recorded no payment for the card yet
    expect((await payments(s.userId)).map((p) => p.method)).toEqual(['pix']);
  });

  it('the Pix price set by the administrator; the admin sees the payment history with the CPF masked; revenue by method', async () => {
    await http().put('/api/admin/billing/plans/annual').set(userHeaders('email_x')).send({ pix_price_cents: 17900 }).expect(403);
    expect((await http().put('/api/admin/billing/plans/annual').set(admin()).send({ pix_price_cents: 25000 }).expect(400)).body.error).toBe(
      'Preço no Pix inválido: informe um valor entre R$ 1,00 e o preço do plano',
    );
    await http().put('/api/admin/billing/plans/annual').set(admin()).send({ pix_price_cents: 'x' }).expect(400);
    await http().put('/api/admin/billing/plans/semestral').set(admin()).send({ pix_price_cents: 100 }).expect(404);
    const set = (await http().put('/api/admin/billing/plans/annual').set(admin()).send({ pix_price_cents: 17900 }).expect(200)).body;
    expect(set.plans).toEqual([
      { plan: 'monthly', name: 'Mensal', price_cents: 1990, pix_price_cents: null },
      { plan: 'annual', name: 'Anual', price_cents: 19900, pix_price_cents: 17900 },
    ]);
    const plans = (await http().get('/api/plans').expect(200)).body.plans;
    expect(plans.map((p: { pix_price_cents: number | null }) => p.pix_price_cents)).toEqual([null, 17900]);

    const { me } = await registerUser(auth);
    await checkout(me.id, { plan: 'annual', method: 'pix' }).expect(200);
    const pix = (await summary(me.id)).pending_charge!;
    expect(pix.amount_cents).toBe(17900);
    expect(parseBrCode(pix.code).fields['54']).toBe('179.00');
    await payInSandbox(me.id, pix.hosted_url!);
    // the boleto keeps the plan's price; bought for the next year
    await checkout(me.id, { plan: 'annual', method: 'boleto', cpf: CPF }).expect(200);
    const boleto = (await summary(me.id)).pending_charge!;
    expect(boleto.amount_cents).toBe(19900);
    await payInSandbox(me.id, boleto.hosted_url!);

    await http().get(`/api/admin/billing/users/${me.id}/payments`).set(userHeaders(me.id)).expect(403);
    const history = (await http().get(`/api/admin/billing/users/${me.id}/payments`).set(admin()).expect(200)).body.payments;
    expect(history.map((p: { method: string; amount_cents: number; payer_cpf: string | null }) => [p.method, p.amount_cents, p.payer_cpf])).toEqual([
      ['boleto', 19900, '***.982.247-**'],
      ['pix', 17900, null],
    ]);
    expect(JSON.stringify(history)).not.toContain('52998224725');

    const stats = await billing.get((await import('../src/stats/billing-stats.service')).BillingStatsService).stats();
    expect(stats.revenueByMethod!.pix).toBeGreaterThanOrEqual(179);
    expect(stats.revenueByMethod!.boleto).toBeGreaterThanOrEqual(199);
    expect(stats.monthlyRevenue).toBeCloseTo(stats.revenueByMethod!.card + stats.revenueByMethod!.pix + stats.revenueByMethod!.boleto, 2);
    await http().put('/api/admin/billing/plans/annual').set(admin()).send({ pix_price_cents: null }).expect(200);
  });

  it('the CPF is in the LGPD export and leaves with the account', async () => {
    const { me } = await registerUser(auth);
    await checkout(me.id, { plan: 'monthly', method: 'boleto', cpf: CPF }).expect(200);
    await payInSandbox(me.id, (await summary(me.id)).pending_charge!.hosted_url!);
    const exported = await billing.get(UserExportService).export(me.id);
    expect(exported.charges).toEqual([expect.objectContaining({ method: 'boleto', plan: 'monthly', payer_cpf: '52998224725', status: 'paid' })]);
    expect(exported.payments).toEqual([expect.objectContaining({ method: 'boleto', payer: 'Técnico Teste', receipt_number: expect.stringMatching(/^CP-/) })]);
    expect(exported.subscriptions).toEqual([expect.objectContaining({ method: 'boleto' })]);

    await billing.get(UserDeletedHandler).handle(me.id);
    expect(await ds.query(`SELECT 1 FROM billing.charges WHERE user_id = $1 OR payer_cpf = '52998224725' AND user_id IS NULL`, [me.id])).toEqual([]);
    expect(await periodic(me.id)).toEqual([]);
    // the payment stays for the revenue, without the user or the payer's name
    const [kept] = (await ds.query(`SELECT user_id, payer FROM billing.payments WHERE provider_payment_id LIKE 'pi_sandbox_%' AND receipt_number = $1`, [exported.payments[0]!.receipt_number])) as { user_id: string | null; payer: string | null }[];
    expect(kept).toEqual({ user_id: null, payer: null });
  });
});
