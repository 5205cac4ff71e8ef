import { CONFIG, rootLogger, writeOutbox } from '@clima/common';
import type { BillingSubscription, SubscriptionPlan } from '@clima/contract';
import { Inject, Injectable } from '@nestjs/common';
import * as QRCode from 'qrcode';
import type { EntityManager } from 'typeorm';
import type { BillingConfig } from '../config';
import { SCHEMA } from '../database';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import type { Subscription } from '../subscriptions/subscription.entity';
import { SubscriptionLifecycle } from '../subscriptions/subscription-lifecycle.service';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { chargeMail } from './charge-mails';
import { ChargeRow, ChargesRepository } from './charges.repository';
import { PlanPricesRepository } from './plan-prices.repository';

export type PendingCharge = NonNullable<BillingSubscription['pending_charge']>;

/**
 * Pix and boleto: the charge of a first period (checkout), of the next one (a few days before the period
 * ends, BILLING_CHARGE_DAYS_AHEAD, e-mailed), and the one /subscription shows. The money itself is only
 * ever credited by the provider's webhook (SubscriptionLifecycle).
 */
@Injectable()
export class ChargesService {
  private readonly log = rootLogger().child({ component: 'charges' });

  constructor(
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly charges: ChargesRepository,
    private readonly prices: PlanPricesRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly lifecycle: SubscriptionLifecycle,
  ) {}

  /**
   * A charge for the user's plan: the first period (starts when paid) or, while a Pix/boleto period runs,
   * the next one. A payable charge of the same method, plan and period is shown again instead of a new one.
   */
  async create(user: { id: string; email: string; name: string | null }, plan: SubscriptionPlan, method: 'pix' | 'boleto', cpf: string | null, running: Subscription | null): Promise<ChargeRow> {
    const dueAt = running?.currentPeriodEnd ?? null;
    return this.subscriptions.transaction(async (m) => {
      await this.subscriptions.lock(m, `user:${user.id}`);
      const now = new Date();
      const same = await this.charges.reusable(m, { userId: user.id, method, plan, dueAt, now });
      if (same && (method === 'pix' || same.payer_cpf === cpf)) return same;
      return this.issue(m, { user, plan, method, cpf, dueAt: dueAt ?? now });
    });
  }

  private async issue(m: EntityManager, o: { user: { id: string; email: string; name: string | null }; plan: SubscriptionPlan; method: 'pix' | 'boleto'; cpf: string | null; dueAt: Date }): Promise<ChargeRow> {
    const amountCents = await this.prices.amountOf(o.plan, o.method);
    const created = await this.provider.createCharge({ userId: o.user.id, email: o.user.email, name: o.user.name, plan: o.plan, method: o.method, amountCents, cpf: o.cpf, dueAt: o.dueAt });
    return this.charges.insert(m, {
      user_id: o.user.id,
      provider: this.provider.name,
      provider_charge_id: created.chargeId,
      method: o.method,
      plan: o.plan,
      amount_cents: amountCents,
      code: created.code,
      pdf_url: created.pdfUrl,
      hosted_url: created.hostedUrl,
      // the CPF is kept only where the provider needs it: on the boleto issued to it
      payer_cpf: o.method === 'boleto' ? o.cpf : null,
      due_at: o.dueAt,
      expires_at: created.expiresAt,
    });
  }

  /**
   * The renewal run (with the expiry job): each Pix/boleto subscription ending within BILLING_CHARGE_DAYS_AHEAD
   * gets its next charge, once per period, e-mailed; the grace then covers the wait for the payment.
   */
  async issueRenewals(now = new Date()): Promise<number> {
    const ids = await this.subscriptions.dueForRenewal(now, this.config.BILLING_CHARGE_DAYS_AHEAD * 86_400_000);
    let issued = 0;
    for (const id of ids) {
      try {
        if (await this.subscriptions.transaction((m) => this.renew(m, id))) issued++;
      } catch (err) {
        // the provider unavailable: the next run tries again (nothing was written)
        this.log.error({ err, subscription: id }, 'renewal charge not issued');
      }
    }
    if (issued) this.log.info({ issued }, 'renewal charges issued');
    return issued;
  }

  private async renew(m: EntityManager, id: string): Promise<boolean> {
    const probe = await this.subscriptions.byId(m, id);
    if (!probe?.userId) return false;
    await this.subscriptions.lock(m, `sub:${probe.provider}:${probe.providerSubscriptionId}`);
    await this.subscriptions.lock(m, `user:${probe.userId}`);
    const row = await this.subscriptions.byId(m, id);
    if (!row?.userId || !row.plan || !row.currentPeriodEnd || row.method === 'card' || row.cancelAtPeriodEnd || row.graceUntil) return false;
    if (await this.charges.issuedFor(m, row.userId, row.currentPeriodEnd)) return false;
    const cpf = row.method === 'boleto' ? await this.charges.lastCpf(m, row.userId) : null;
    // a boleto needs its payer's CPF; without one kept, the next period is offered by Pix
    const method = row.method === 'boleto' && cpf ? 'boleto' : 'pix';
    const charge = await this.issue(m, { user: { id: row.userId, email: '', name: null }, plan: row.plan, method, cpf, dueAt: row.currentPeriodEnd });
    await this.lifecycle.renewalIssued(m, row);
    const mail = chargeMail({ method, plan: row.plan, amountCents: charge.amount_cents, code: charge.code, dueAt: charge.due_at, expiresAt: charge.expires_at, publicUrl: this.config.PUBLIC_URL });
    await writeOutbox(m, SCHEMA, 'user.mail', { userId: row.userId, mail });
    return true;
  }

  /**
   * The charge /subscription shows: the newest payable one, unless the period it pays is already covered
   * (another charge for it was paid meanwhile).
   */
  async pendingOf(userId: string, current: Subscription | null): Promise<PendingCharge | null> {
    const open = await this.charges.open(userId, new Date());
    const coveredUntil = current?.status === 'active' ? current.currentPeriodEnd : null;
    const charge = open.find((c) => !coveredUntil || c.due_at.getTime() >= coveredUntil.getTime());
    if (!charge) return null;
    return {
      id: charge.id,
      method: charge.method,
      plan: charge.plan,
      amount_cents: charge.amount_cents,
      code: charge.code,
      qr_svg: charge.method === 'pix' ? await QRCode.toString(charge.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) : null,
      pdf_url: charge.pdf_url,
      hosted_url: charge.hosted_url,
      status: charge.status === 'processing' ? 'processing' : 'pending',
      expires_at: charge.expires_at.toISOString(),
      due_at: charge.due_at.toISOString(),
    };
  }
}
