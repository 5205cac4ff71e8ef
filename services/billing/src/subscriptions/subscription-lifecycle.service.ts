import { CONFIG, rootLogger, writeOutbox } from '@clima/common';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BillingConfig } from '../config';
import { SCHEMA } from '../database';
import { ChargesRepository } from '../charges/charges.repository';
import { receiptMail } from '../charges/charge-mails';
import type { BillingEvent, ChargeFacts, InvoiceFacts, SubscriptionSnapshot } from '../providers/billing-event';
import { CustomersRepository } from './customers.repository';
import { paymentPendingMail } from './grace-notice';
import { NewPayment, PaymentsRepository } from './payments.repository';
import type { Subscription } from './subscription.entity';
import { SubscriptionsRepository } from './subscriptions.repository';
import { accessStatus, addPeriod, factOf, pickCurrent, RUNNING, sameFact, TERMINAL, UserSubscriptionFact } from './subscription-status';

/** What applying one event did, stored beside the processed event for an operator. */
export interface Outcome {
  outcome: 'applied' | 'stale' | 'unmatched_user' | 'unknown_plan' | 'ignored';
  note?: string;
}

/**
 * The subscription lifecycle: applies verified provider events to our tables and tells the auth service
 * about every change of a user's subscription through the outbox, all inside the caller's transaction.
 * Row order: a subscription's lock is always taken before its user's lock.
 */
@Injectable()
export class SubscriptionLifecycle {
  private readonly log = rootLogger().child({ component: 'subscription-lifecycle' });

  constructor(
    @Inject(CONFIG) private readonly config: BillingConfig,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly customers: CustomersRepository,
    private readonly payments: PaymentsRepository,
    private readonly charges: ChargesRepository,
  ) {}

  get graceMs(): number {
    return this.config.BILLING_RENEWAL_GRACE_HOURS * 3600_000;
  }

  /** How long a failed renewal keeps access while the provider retries (BILLING_GRACE_DAYS). */
  get paymentGraceMs(): number {
    return this.config.BILLING_GRACE_DAYS * 86_400_000;
  }

  async apply(m: EntityManager, event: BillingEvent): Promise<Outcome> {
    switch (event.kind) {
      case 'checkout_completed':
        return this.checkoutCompleted(m, event.provider, event.userId, event.customerId, event.subscriptionId);
      case 'subscription':
        return this.subscriptionSnapshot(m, event.provider, event.type, event.created, event.subscription);
      case 'invoice_paid':
        return this.invoicePaid(m, event.provider, event.created, event.invoice);
      case 'invoice_failed':
        return this.invoiceFailed(m, event.provider, event.created, event.invoice);
      case 'charge':
        return this.chargeEvent(m, event.provider, event.created, event.charge);
      default:
        return { outcome: 'ignored' };
    }
  }

  private async checkoutCompleted(m: EntityManager, provider: string, userId: string | null, customerId: string | null, subscriptionId: string | null): Promise<Outcome> {
    if (!userId) {
      this.log.warn({ provider, customerId, subscriptionId }, 'checkout completed without our user id');
      return { outcome: 'unmatched_user', note: 'checkout sem client_reference_id' };
    }
    if (subscriptionId) await this.subscriptions.lock(m, `sub:${provider}:${subscriptionId}`);
    await this.subscriptions.lock(m, `user:${userId}`);
    const before = await this.fact(m, userId);
    if (customerId) await this.customers.link(m, provider, userId, customerId);
    // subscription events that arrived before the checkout are matched to the user now
    await this.subscriptions.claimUnmatched(m, provider, userId, { subscriptionId, customerId });
    // a switch to the card: the Pix or boleto periods end with the one already paid (no more charges)
    if (subscriptionId) await this.subscriptions.endPeriodicOfUser(m, userId);
    await this.announce(m, userId, before);
    return { outcome: 'applied' };
  }

  private async subscriptionSnapshot(m: EntityManager, provider: string, type: string, created: Date, s: SubscriptionSnapshot): Promise<Outcome> {
    await this.subscriptions.lock(m, `sub:${provider}:${s.subscriptionId}`);
    const existing = await this.subscriptions.byProviderId(provider, s.subscriptionId, m);
    if (existing && this.isStale(existing, type, created, s)) {
      return { outcome: 'stale', note: `evento de ${created.toISOString()} mais antigo que ${existing.lastEventAt.toISOString()}` };
    }
    // an ended subscription never seen before (e.g. canceled after its user was deleted) is only recorded
    const userId =
      !existing && TERMINAL.has(s.providerStatus)
        ? null
        : (s.userId ?? existing?.userId ?? (s.customerId ? await this.customers.userOf(m, provider, s.customerId) : null));
    if (userId) await this.subscriptions.lock(m, `user:${userId}`);
    const before = userId ? await this.fact(m, userId) : null;

    const row =
      existing ?? this.subscriptions.build(m, { provider, providerSubscriptionId: s.subscriptionId, paymentFailedAt: null, pastDueSince: null, graceUntil: null, lastPaidAt: null });
    Object.assign(row, {
      userId,
      providerCustomerId: s.customerId ?? row.providerCustomerId ?? null,
      plan: s.plan,
      providerStatus: s.providerStatus,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      trialEnd: s.trialEnd,
      endedReason: s.endedReason,
      lastEventAt: created,
    });
    let graceOpened = false;
    if (s.providerStatus === 'past_due') {
      graceOpened = this.paymentFailed(row, created);
    } else if (s.providerStatus === 'active' || s.providerStatus === 'trialing') {
      // back in good standing, unless this snapshot is older than the failure (delivered late)
      if (!row.paymentFailedAt || created.getTime() >= row.paymentFailedAt.getTime()) row.paymentFailedAt = null;
      this.settleGrace(row, created);
    } else {
      // ended, unpaid, paused…: no payment is awaited any more, access follows the provider's status
      Object.assign(row, { pastDueSince: null, graceUntil: null });
    }
    row.status = accessStatus(row, new Date(), this.graceMs);
    await this.subscriptions.save(m, row);

    if (userId && s.customerId) await this.customers.link(m, provider, userId, s.customerId);
    if (userId && before) await this.announce(m, userId, before);
    if (graceOpened) await this.tellPaymentPending(m, row);
    if (!s.plan) {
      this.log.error({ provider, subscriptionId: s.subscriptionId }, 'subscription with a price that is none of our plans');
      return { outcome: 'unknown_plan', note: 'preço não corresponde a nenhum plano' };
    }
    if (!userId) {
      this.log.warn({ provider, subscriptionId: s.subscriptionId, customerId: s.customerId }, 'subscription not matched to a user yet');
      return { outcome: 'unmatched_user', note: 'assinatura ainda sem usuário' };
    }
    return { outcome: 'applied' };
  }

  /**
   * Older events never move a subscription backwards: an event created before the last applied one is
   * stale; in the same second, one that shortens the period, a 'created' after later news, or anything
   * after the provider ended the subscription is stale too.
   */
  private isStale(row: Subscription, type: string, created: Date, s: SubscriptionSnapshot): boolean {
    const last = row.lastEventAt.getTime();
    if (TERMINAL.has(row.providerStatus) && !TERMINAL.has(s.providerStatus)) return true;
    if (created.getTime() < last) return true;
    if (created.getTime() > last) return false;
    if (type === 'customer.subscription.created') return true;
    const oldEnd = row.currentPeriodEnd?.getTime() ?? 0;
    const newEnd = s.currentPeriodEnd?.getTime() ?? 0;
    return newEnd < oldEnd && !TERMINAL.has(s.providerStatus) && !s.cancelAtPeriodEnd;
  }

  private async invoicePaid(m: EntityManager, provider: string, created: Date, inv: InvoiceFacts): Promise<Outcome> {
    if (inv.subscriptionId) await this.subscriptions.lock(m, `sub:${provider}:${inv.subscriptionId}`);
    const sub = inv.subscriptionId ? await this.subscriptions.byProviderId(provider, inv.subscriptionId, m) : null;
    const userId = inv.userId ?? sub?.userId ?? (inv.customerId ? await this.customers.userOf(m, provider, inv.customerId) : null);
    if (inv.amountCents > 0) {
      await this.recordPayment(m, {
        userId,
        provider,
        providerPaymentId: inv.invoiceId,
        providerSubscriptionId: inv.subscriptionId,
        amountCents: inv.amountCents,
        currency: inv.currency,
        paidAt: inv.paidAt ?? created,
        method: 'card',
        plan: sub?.plan ?? null,
        payer: inv.payer,
      });
    }
    if (sub) {
      if (sub.userId) await this.subscriptions.lock(m, `user:${sub.userId}`);
      const before = sub.userId ? await this.fact(m, sub.userId) : null;
      if (!sub.lastPaidAt || sub.lastPaidAt.getTime() < created.getTime()) sub.lastPaidAt = created;
      if (sub.paymentFailedAt && sub.paymentFailedAt.getTime() <= created.getTime()) sub.paymentFailedAt = null;
      // a payment during the grace (a retry that went through, a new card) ends it: access follows the period again
      const settled = this.settleGrace(sub, created);
      if (settled) sub.status = accessStatus(sub, new Date(), this.graceMs);
      await this.subscriptions.update(m, sub.id, { lastPaidAt: sub.lastPaidAt, paymentFailedAt: sub.paymentFailedAt, pastDueSince: sub.pastDueSince, graceUntil: sub.graceUntil, status: sub.status });
      if (settled && sub.userId && before) await this.announce(m, sub.userId, before);
    }
    if (!userId) {
      this.log.warn({ provider, invoiceId: inv.invoiceId }, 'payment not matched to a user');
      return { outcome: 'unmatched_user', note: 'pagamento registrado sem usuário' };
    }
    return { outcome: 'applied' };
  }

  /** Records a payment once; a new one gets its receipt, e-mailed to its user ('Recibo'). */
  private async recordPayment(m: EntityManager, p: NewPayment): Promise<void> {
    const receipt = await this.payments.record(m, p);
    if (!receipt?.user_id) return;
    const mail = receiptMail({
      number: receipt.receipt_number,
      paidAt: receipt.paid_at,
      plan: receipt.plan,
      method: receipt.method,
      amountCents: receipt.amount_cents,
      payer: receipt.payer,
      publicUrl: this.config.PUBLIC_URL,
    });
    await writeOutbox(m, SCHEMA, 'user.mail', { userId: receipt.user_id, mail });
  }

  /**
   * A Pix or boleto charge moved. Paid: the payment is recorded (with its receipt) and the user's Pix/boleto
   * subscription gains one period of the charge's plan — from the end of the period still running (also in
   * its grace), or from the payment date when access had already ended (a late boleto). A charge is credited
   * once whatever the number of its events; a second charge paid for the same period (two tabs, two phones)
   * is credited as the next period (README: "Pix paid twice"). Expired or failed: the charge is closed and
   * the account stays as it was.
   */
  private async chargeEvent(m: EntityManager, provider: string, created: Date, c: ChargeFacts): Promise<Outcome> {
    await this.subscriptions.lock(m, `charge:${provider}:${c.chargeId}`);
    let charge = await this.charges.byProviderId(m, provider, c.chargeId);
    if (!charge) {
      // paid before our own row was written (or created outside the platform): the provider's metadata says it all
      if (!c.userId || !c.plan || c.amountCents <= 0) return { outcome: 'unmatched_user', note: 'cobrança desconhecida' };
      charge = await this.charges.insert(m, {
        user_id: c.userId,
        provider,
        provider_charge_id: c.chargeId,
        method: c.method,
        plan: c.plan,
        amount_cents: c.amountCents,
        code: '',
        pdf_url: null,
        hosted_url: null,
        payer_cpf: null,
        due_at: created,
        expires_at: created,
      });
    }
    if (charge.status === 'paid') return { outcome: 'stale', note: 'cobrança já creditada' };
    if (c.status !== 'succeeded') {
      // processing only moves a pending charge; failed/expired close one not paid (the account stays as it was)
      if (c.status === 'processing' && charge.status !== 'pending') return { outcome: 'stale', note: `cobrança ${charge.status}` };
      await this.charges.setStatus(m, charge.id, c.status === 'processing' ? 'processing' : c.status);
      return { outcome: 'applied' };
    }
    const paidAt = c.paidAt ?? created;
    await this.charges.setStatus(m, charge.id, 'paid', paidAt);
    const userId = charge.user_id;
    if (!userId) return { outcome: 'unmatched_user', note: 'pagamento registrado sem usuário' };
    await this.subscriptions.lock(m, `user:${userId}`);
    const before = await this.fact(m, userId);
    const now = new Date();
    const existing = (await this.subscriptions.ofUser(userId, m)).filter((r) => r.method !== 'card' && r.provider === provider).sort((a, b) => Number(b.id) - Number(a.id))[0];
    const row =
      existing ??
      this.subscriptions.build(m, {
        provider,
        providerSubscriptionId: `per_${charge.provider_charge_id}`,
        paymentFailedAt: null,
        pastDueSince: null,
        graceUntil: null,
        lastPaidAt: null,
      });
    const running = !!existing && existing.status === 'active' && !!existing.currentPeriodEnd;
    // still running (also in the grace): one more period after the current one; ended: from the payment date
    const start = running ? existing.currentPeriodEnd! : paidAt;
    Object.assign(row, {
      userId,
      method: charge.method,
      plan: charge.plan,
      providerStatus: 'active',
      currentPeriodEnd: addPeriod(start, charge.plan),
      cancelAtPeriodEnd: running ? existing.cancelAtPeriodEnd : false,
      trialEnd: null,
      endedReason: null,
      paymentFailedAt: null,
      pastDueSince: null,
      graceUntil: null,
      lastPaidAt: !row.lastPaidAt || row.lastPaidAt < paidAt ? paidAt : row.lastPaidAt,
      lastEventAt: !row.lastEventAt || row.lastEventAt < created ? created : row.lastEventAt,
    });
    row.status = accessStatus(row, now, this.graceMs);
    await this.subscriptions.save(m, row);
    await this.recordPayment(m, {
      userId,
      provider,
      providerPaymentId: charge.provider_charge_id,
      providerSubscriptionId: row.providerSubscriptionId,
      amountCents: charge.amount_cents,
      currency: charge.currency,
      paidAt,
      method: charge.method,
      plan: charge.plan,
      payer: c.payer,
    });
    await this.announce(m, userId, before);
    return { outcome: 'applied' };
  }

  /**
   * The next period's charge was issued (a few days before the period ends): the existing grace covers the
   * wait — access lasts until BILLING_GRACE_DAYS after the period end unless the charge is paid.
   */
  async renewalIssued(m: EntityManager, row: Subscription): Promise<void> {
    if (!row.userId || !row.currentPeriodEnd) return;
    const before = await this.fact(m, row.userId);
    row.pastDueSince = row.currentPeriodEnd;
    row.graceUntil = new Date(row.currentPeriodEnd.getTime() + this.paymentGraceMs);
    row.status = accessStatus(row, new Date(), this.graceMs);
    await this.subscriptions.update(m, row.id, { pastDueSince: row.pastDueSince, graceUntil: row.graceUntil, status: row.status });
    await this.announce(m, row.userId, before);
  }

  /**
   * A failed charge of a running subscription opens the grace (BILLING_GRACE_DAYS from the failure): access
   * stays until then while the provider retries, and the user is told once. A failure older than the last
   * paid invoice is old news (delivered late) and changes nothing.
   */
  private async invoiceFailed(m: EntityManager, provider: string, created: Date, inv: InvoiceFacts): Promise<Outcome> {
    if (!inv.subscriptionId) return { outcome: 'ignored', note: 'fatura sem assinatura' };
    await this.subscriptions.lock(m, `sub:${provider}:${inv.subscriptionId}`);
    const sub = await this.subscriptions.byProviderId(provider, inv.subscriptionId, m);
    this.log.warn({ provider, invoiceId: inv.invoiceId, subscriptionId: inv.subscriptionId }, 'subscription payment failed');
    if (!sub) return { outcome: 'unmatched_user', note: 'falha de pagamento de assinatura desconhecida' };
    if (sub.lastPaidAt && created.getTime() < sub.lastPaidAt.getTime()) {
      return { outcome: 'stale', note: `falha de ${created.toISOString()} anterior ao pagamento de ${sub.lastPaidAt.toISOString()}` };
    }
    if (sub.userId) await this.subscriptions.lock(m, `user:${sub.userId}`);
    const before = sub.userId ? await this.fact(m, sub.userId) : null;
    const opened = this.paymentFailed(sub, created);
    sub.status = accessStatus(sub, new Date(), this.graceMs);
    await this.subscriptions.update(m, sub.id, { paymentFailedAt: sub.paymentFailedAt, pastDueSince: sub.pastDueSince, graceUntil: sub.graceUntil, status: sub.status });
    if (sub.userId && before) await this.announce(m, sub.userId, before);
    if (opened) await this.tellPaymentPending(m, sub);
    return { outcome: 'applied' };
  }

  /**
   * Records a failed charge seen at `at` (invoice.payment_failed or a past_due snapshot) on the row; true
   * when it opens a new grace. One grace per failed period: later retries that fail do not extend it, an
   * earlier failure of the same period delivered late moves its start back. Old news (before the last
   * paid invoice) and subscriptions that no longer run open nothing.
   */
  private paymentFailed(row: Subscription, at: Date): boolean {
    if (row.lastPaidAt && at.getTime() < row.lastPaidAt.getTime()) return false;
    if (!row.paymentFailedAt || row.paymentFailedAt.getTime() < at.getTime()) row.paymentFailedAt = at;
    if (!RUNNING.has(row.providerStatus)) return false;
    if (row.pastDueSince && row.graceUntil) {
      if (at.getTime() < row.pastDueSince.getTime()) Object.assign(row, { pastDueSince: at, graceUntil: new Date(at.getTime() + this.paymentGraceMs) });
      return false;
    }
    Object.assign(row, { pastDueSince: at, graceUntil: new Date(at.getTime() + this.paymentGraceMs) });
    return true;
  }

  /** A payment (or good standing) at `at` ends the grace of failures up to then; true when it did. */
  private settleGrace(row: Subscription, at: Date): boolean {
    if (!row.pastDueSince || row.pastDueSince.getTime() > at.getTime()) return false;
    Object.assign(row, { pastDueSince: null, graceUntil: null });
    return true;
  }

  /**
   * The 'Pagamento pendente' e-mail, once per grace: written to the outbox in the transaction that opened
   * the grace, so a replayed or retried event never sends it twice. Auth knows the address (`user.mail`).
   */
  private async tellPaymentPending(m: EntityManager, row: Subscription): Promise<void> {
    if (!row.userId || !row.graceUntil || row.status !== 'active') return;
    const mail = paymentPendingMail({ graceUntil: row.graceUntil, plan: row.plan, publicUrl: this.config.PUBLIC_URL });
    await writeOutbox(m, SCHEMA, 'user.mail', { userId: row.userId, mail });
  }

  /** Re-derives one subscription's access at `now` (the expiry job); announces the user's change. */
  async reevaluate(m: EntityManager, subscriptionRowId: string, now: Date): Promise<boolean> {
    const probe = await this.subscriptions.byId(m, subscriptionRowId);
    if (!probe) return false;
    await this.subscriptions.lock(m, `sub:${probe.provider}:${probe.providerSubscriptionId}`);
    if (probe.userId) await this.subscriptions.lock(m, `user:${probe.userId}`);
    const row = await this.subscriptions.byId(m, subscriptionRowId);
    if (!row) return false;
    const before = row.userId ? await this.fact(m, row.userId) : null;
    const status = accessStatus(row, now, this.graceMs);
    if (status === row.status) return false;
    await this.subscriptions.update(m, row.id, { status });
    if (row.userId && before) await this.announce(m, row.userId, before);
    return true;
  }

  /** The user's current fact (status, plan, expiry), as last announced or about to be. */
  async fact(m: EntityManager, userId: string): Promise<UserSubscriptionFact> {
    return factOf(pickCurrent(await this.subscriptions.ofUser(userId, m)));
  }

  /** Writes subscription.changed to the outbox when the user's fact differs from `before`. */
  private async announce(m: EntityManager, userId: string, before: UserSubscriptionFact): Promise<void> {
    const after = await this.fact(m, userId);
    if (sameFact(before, after)) return;
    // the database clock after the user's lock: facts about one user are ordered as they were decided
    const t = await this.subscriptions.clock(m);
    await writeOutbox(m, SCHEMA, 'subscription.changed', { userId, ...after, occurredAt: new Date(t).toISOString() });
  }
}
