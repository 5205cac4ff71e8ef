import { CONFIG, rootLogger } from '@clima/common';
import { BILLING_MESSAGES, PLANS } from '@clima/contract';
import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { BillingConfig } from '../config';
import type { Subscription } from '../subscriptions/subscription.entity';
import { pickCurrent } from '../subscriptions/subscription-status';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import * as QRCode from 'qrcode';
import { ChargesRepository } from '../charges/charges.repository';
import { boletoPdf } from '../charges/documents-pdf';
import { addInterval, checkoutSessionObject, eventOf, invoiceObject, paymentIntentObject, SandboxSubscriptionState, subscriptionObject, unix } from './sandbox-events';
import { chargePage, checkoutPage, messagePage, portalPage } from './sandbox-pages';
import { SandboxCheckout, sandboxId, SandboxStore } from './sandbox-store';

export interface Page {
  status: number;
  html?: string;
  redirect?: string;
}

export interface CardForm {
  name?: unknown;
  card_number?: unknown;
  expiry?: unknown;
  cvc?: unknown;
}

export const PORTAL_ACTIONS = ['cancel', 'resume', 'renew', 'fail', 'pay', 'end'] as const;
export type PortalAction = (typeof PORTAL_ACTIONS)[number];

const NOTICES: Record<PortalAction, string> = {
  cancel: 'Assinatura cancelada. O acesso continua até o fim do período já pago.',
  resume: 'Assinatura reativada. A renovação automática voltou a valer.',
  renew: 'Renovação simulada: cobrança aprovada e novo período iniciado.',
  fail: 'Falha de cobrança simulada: o acesso continua enquanto novas tentativas são feitas.',
  pay: 'Cartão atualizado e cobrança aprovada: a assinatura está em dia.',
  end: 'Fim do período simulado: a assinatura foi encerrada.',
};

const field = (v: unknown, max = 100) => (typeof v === 'string' ? v.slice(0, max) : '');

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the test card like a card form would; the declined test number is refused. */
export function cardError(form: CardForm, now = new Date()): string | null {
  const number = field(form.card_number, 40).replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return BILLING_MESSAGES.cardInvalid;
  const exp = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(field(form.expiry, 10).trim());
  if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12) return BILLING_MESSAGES.cardExpiry;
  const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  if (new Date(Date.UTC(year, Number(exp[1]), 1)) <= now) return BILLING_MESSAGES.cardExpiry;
  if (!/^\d{3,4}$/.test(field(form.cvc, 10).trim())) return BILLING_MESSAGES.cardCvc;
  if (!field(form.name).trim()) return BILLING_MESSAGES.cardName;
  if (number === '4000000000000002') return BILLING_MESSAGES.cardDeclined;
  return null;
}

/**
 * The sandbox provider's pages and what they make happen: each outcome is told to the billing service
 * only through Stripe-format events, signed with the sandbox secret and POSTed to the webhook route.
 */
@Injectable()
export class SandboxService {
  private readonly log = rootLogger().child({ component: 'sandbox' });

  constructor(
    @Inject(CONFIG) private readonly config: BillingConfig,
    private readonly store: SandboxStore,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly charges: ChargesRepository,
  ) {}

  private async chargeOf(id: string, userId: string) {
    if (!/^pi_sandbox_[a-f0-9]{24}$/.test(id)) return null;
    const c = await this.charges.byProviderId(this.charges.dataSource, 'sandbox', id);
    return c && c.user_id === userId ? c : null;
  }

  /** The sandbox's demo "bank" page of a Pix or boleto charge. */
  async chargePage(id: string, user: { id: string }, notice?: string): Promise<Page> {
    const c = await this.chargeOf(id, user.id);
    if (!c) return { status: 404, html: messagePage('Cobrança não encontrada', BILLING_MESSAGES.chargeNotFound) };
    const notices: Record<string, string> = {
      pay: 'Pagamento simulado: o aviso foi enviado ao Clima Pro.',
      expire: 'Vencimento simulado: a cobrança expirou sem pagamento.',
    };
    return {
      status: 200,
      html: chargePage({
        id,
        method: c.method,
        plan: c.plan,
        amountCents: c.amount_cents,
        code: c.code,
        qrSvg: c.method === 'pix' ? await QRCode.toString(c.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) : null,
        pdfUrl: c.pdf_url,
        status: c.status,
        expiresAt: c.expires_at,
        notice: notice ? notices[notice] : undefined,
      }),
    };
  }

  /**
   * 'Simular pagamento' (payment_intent.succeeded; pressed again on a paid Pix it delivers the news once more,
   * which is credited once) and 'Simular vencimento' (payment_intent.canceled, expired: the account stays as it was).
   */
  async chargeAction(id: string, user: { id: string; name: string | null; email: string }, action: string, webhookUrl: string): Promise<Page> {
    const c = await this.chargeOf(id, user.id);
    if (!c) return { status: 404, html: messagePage('Cobrança não encontrada', BILLING_MESSAGES.chargeNotFound) };
    if (action !== 'pay' && action !== 'expire') return { status: 404, html: messagePage('Ação desconhecida', 'Esta ação não existe na demonstração.') };
    const now = unix();
    const base = { id, userId: user.id, plan: c.plan, method: c.method, amountCents: c.amount_cents, created: unix(c.created_at), payer: user.name ?? user.email };
    const events =
      action === 'pay'
        ? [eventOf('payment_intent.succeeded', paymentIntentObject({ ...base, status: 'succeeded' }), now)]
        : [eventOf('payment_intent.canceled', paymentIntentObject({ ...base, status: 'canceled', expired: true }), now)];
    try {
      await this.deliver(events, webhookUrl);
    } catch (err) {
      this.log.error({ err }, 'sandbox could not deliver its events');
      return { status: 503, html: messagePage('Pagamento não confirmado', BILLING_MESSAGES.webhookDeliveryFailed) };
    }
    return { status: 303, redirect: action === 'pay' ? '/subscription?status=success' : `/api/billing/sandbox/charge/${id}?ok=expire` };
  }

  /** The boleto's PDF (demonstration). */
  async boleto(id: string, user: { id: string }): Promise<{ status: number; pdf?: Buffer; html?: string }> {
    const c = await this.chargeOf(id, user.id);
    if (!c || c.method !== 'boleto') return { status: 404, html: messagePage('Cobrança não encontrada', BILLING_MESSAGES.chargeNotFound) };
    return { status: 200, pdf: await boletoPdf({ line: c.code, amountCents: c.amount_cents, due: c.expires_at, plan: c.plan, payerCpf: c.payer_cpf }) };
  }

  async checkoutPage(id: string, user: { id: string; email: string; name: string | null }): Promise<Page> {
    const s = await this.store.get('checkout', id);
    if (!s || s.userId !== user.id) return { status: 404, html: messagePage('Pagamento não encontrado', BILLING_MESSAGES.checkoutNotFound) };
    return { status: 200, html: this.renderCheckout(s, user) };
  }

  private renderCheckout(s: SandboxCheckout, user: { email: string; name: string | null }, error?: string, form?: CardForm): string {
    const paidUntil = s.firstChargeAt ? new Date(s.firstChargeAt) : null;
    const waits = !!paidUntil && paidUntil.getTime() > Date.now();
    return checkoutPage({
      id: s.id,
      plan: s.plan,
      email: user.email,
      name: user.name ?? '',
      trialDays: s.trialDays,
      firstChargeAt: new Date(Date.now() + s.trialDays * 86_400_000),
      paidUntil: s.trialDays === 0 && waits ? paidUntil : null,
      error,
      form: form && { name: field(form.name), card_number: field(form.card_number, 23), expiry: field(form.expiry, 7), cvc: field(form.cvc, 4) },
    });
  }

  async completeCheckout(id: string, user: { id: string; email: string; name: string | null }, form: CardForm, webhookUrl: string): Promise<Page> {
    const s = await this.store.get('checkout', id);
    if (!s || s.userId !== user.id) return { status: 404, html: messagePage('Pagamento não encontrado', BILLING_MESSAGES.checkoutNotFound) };
    const error = cardError(form);
    if (error) return { status: 400, html: this.renderCheckout(s, user, error, form) };
    // a second submit of the same checkout (double click, back button) does not subscribe twice
    if (!(await this.store.take(id))) return { status: 303, redirect: '/subscription?status=success' };

    const now = unix();
    // a switch from Pix/boleto: the card's first charge waits for the end of the period already paid (as Stripe's trial_end)
    const paidUntil = s.firstChargeAt ? Math.ceil(new Date(s.firstChargeAt).getTime() / 1000) : 0;
    const trialEnd = s.trialDays > 0 ? now + s.trialDays * 86_400 : paidUntil > now ? paidUntil : null;
    const trial = trialEnd !== null;
    const state: SandboxSubscriptionState = {
      id: sandboxId('sub'),
      customerId: s.customerId ?? sandboxId('cus'),
      userId: s.userId,
      plan: s.plan,
      status: trial ? 'trialing' : 'active',
      createdAt: now,
      periodStart: now,
      periodEnd: trialEnd ?? addInterval(now, s.plan),
      trialEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      cancellationReason: null,
    };
    const amount = trial ? 0 : PLANS[s.plan].price_cents;
    const events = [
      eventOf('checkout.session.completed', checkoutSessionObject({ id: s.id, userId: s.userId, plan: s.plan, customerId: state.customerId, subscriptionId: state.id, email: s.email, amountCents: amount }), now),
      eventOf('customer.subscription.created', subscriptionObject(state), now),
      eventOf('invoice.paid', invoiceObject(state, { amountCents: amount, paid: true, reason: 'subscription_create', at: now }), now),
    ];
    try {
      await this.deliver(events, webhookUrl);
    } catch (err) {
      await this.store.release(id);
      this.log.error({ err }, 'sandbox could not deliver its events');
      return { status: 503, html: messagePage('Pagamento não confirmado', BILLING_MESSAGES.webhookDeliveryFailed) };
    }
    return { status: 303, redirect: '/subscription?status=success' };
  }

  async portalPage(id: string, user: { id: string; email: string }, notice?: string): Promise<Page> {
    const s = await this.store.get('portal', id);
    if (!s || s.userId !== user.id) return { status: 404, html: messagePage('Portal não encontrado', BILLING_MESSAGES.portalNotFound) };
    const row = await this.current(user.id, s.customerId);
    return {
      status: 200,
      html: portalPage({
        id,
        email: user.email,
        plan: row?.plan ?? null,
        providerStatus: row?.providerStatus ?? null,
        graceUntil: row?.status === 'active' ? (row.graceUntil ?? null) : null,
        periodEnd: row?.currentPeriodEnd ?? null,
        cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
        notice: notice && (PORTAL_ACTIONS as readonly string[]).includes(notice) ? NOTICES[notice as PortalAction] : undefined,
      }),
    };
  }

  async portalAction(id: string, user: { id: string; email: string }, action: string, webhookUrl: string): Promise<Page> {
    const s = await this.store.get('portal', id);
    if (!s || s.userId !== user.id) return { status: 404, html: messagePage('Portal não encontrado', BILLING_MESSAGES.portalNotFound) };
    if (!(PORTAL_ACTIONS as readonly string[]).includes(action)) return { status: 404, html: messagePage('Ação desconhecida', 'Esta ação não existe no portal de testes.') };
    const row = await this.current(user.id, s.customerId);
    const running = !!row && ['trialing', 'active', 'past_due'].includes(row.providerStatus);
    if (!row || !row.plan || !row.currentPeriodEnd || !running) return { status: 303, redirect: `/api/billing/sandbox/portal/${id}` };

    const now = unix();
    const plan = row.plan;
    const end = unix(row.currentPeriodEnd);
    const start = new Date(row.currentPeriodEnd);
    if (plan === 'monthly') start.setUTCMonth(start.getUTCMonth() - 1);
    else start.setUTCFullYear(start.getUTCFullYear() - 1);
    const state: SandboxSubscriptionState = {
      id: row.providerSubscriptionId,
      customerId: s.customerId,
      userId: user.id,
      plan,
      status: row.providerStatus as SandboxSubscriptionState['status'],
      createdAt: unix(row.createdAt),
      periodStart: Math.min(unix(start), now),
      periodEnd: end,
      trialEnd: row.trialEnd ? unix(row.trialEnd) : null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      canceledAt: row.cancelAtPeriodEnd ? now : null,
      endedAt: null,
      cancellationReason: row.cancelAtPeriodEnd ? 'cancellation_requested' : null,
    };
    const events: object[] = [];
    const price = PLANS[plan].price_cents;
    switch (action as PortalAction) {
      case 'cancel':
        Object.assign(state, { cancelAtPeriodEnd: true, canceledAt: now, cancellationReason: 'cancellation_requested' });
        events.push(eventOf('customer.subscription.updated', subscriptionObject(state), now));
        break;
      case 'resume':
        Object.assign(state, { cancelAtPeriodEnd: false, canceledAt: null, cancellationReason: null });
        events.push(eventOf('customer.subscription.updated', subscriptionObject(state), now));
        break;
      case 'renew':
      case 'fail':
      case 'pay': {
        const ok = action !== 'fail';
        // a charge of the period already open (a retry, or the card updated while past due) keeps the period;
        // a renewal opens the next one, as the provider does when it invoices the new period
        const retry = row.providerStatus === 'past_due';
        if (action === 'pay' && !retry) return { status: 303, redirect: `/api/billing/sandbox/portal/${id}` };
        if (!retry) {
          Object.assign(state, { periodStart: now, periodEnd: addInterval(now, plan), trialEnd: state.trialEnd && state.trialEnd > now ? now : state.trialEnd });
        }
        state.status = ok ? 'active' : 'past_due';
        const invoice = invoiceObject(state, { amountCents: price, paid: ok, reason: 'subscription_cycle', at: now });
        events.push(eventOf(ok ? 'invoice.paid' : 'invoice.payment_failed', invoice, now));
        events.push(eventOf('customer.subscription.updated', subscriptionObject(state), now));
        break;
      }
      case 'end':
        if (!state.cancelAtPeriodEnd) return { status: 303, redirect: `/api/billing/sandbox/portal/${id}` };
        Object.assign(state, { status: 'canceled', endedAt: now, periodEnd: now });
        events.push(eventOf('customer.subscription.deleted', subscriptionObject(state), now));
        break;
    }
    try {
      await this.deliver(events, webhookUrl);
    } catch (err) {
      this.log.error({ err }, 'sandbox could not deliver its events');
      return { status: 503, html: messagePage('Alteração não confirmada', BILLING_MESSAGES.webhookDeliveryFailed) };
    }
    return { status: 303, redirect: `/api/billing/sandbox/portal/${id}?ok=${action}` };
  }

  private async current(userId: string, customerId: string): Promise<Subscription | null> {
    const rows = await this.subscriptions.ofUserAndCustomer('sandbox', userId, customerId);
    return pickCurrent(rows);
  }

  /** Signs each event like Stripe does and POSTs it to the webhook, retrying briefly like a provider. */
  async deliver(events: object[], url: string): Promise<void> {
    const target = this.config.BILLING_SANDBOX_WEBHOOK_URL ?? url;
    for (const event of events) {
      const payload = JSON.stringify(event);
      let lastError: unknown;
      for (let attempt = 0; attempt < 3; attempt++) {
        if (attempt) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
        try {
          const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.config.BILLING_SANDBOX_WEBHOOK_SECRET });
          const res = await fetch(target, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'ClimaPro-Sandbox/1.0' },
            body: payload,
            signal: AbortSignal.timeout(10_000),
          });
          if (res.ok) {
            lastError = undefined;
            break;
          }
          lastError = new Error(`webhook answered ${res.status}: ${await res.text()}`);
          if (res.status < 500) break;
        } catch (err) {
          lastError = err;
        }
      }
      if (lastError) throw lastError;
    }
  }
}
