import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PaymentMethod, SubscriptionPlan, SubscriptionStatus } from '@clima/contract';

/**
 * One provider subscription: the provider's last snapshot we accepted (provider_status, period,
 * cancel flag) and the access status we derive from it (`status`, see subscription-status.ts).
 * `user_id` is null while the subscription cannot be matched to a user (recorded for an operator).
 */
@Entity({ name: 'subscriptions' })
export class Subscription {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'text', nullable: true })
  userId!: string | null;

  @Column({ type: 'text' })
  provider!: string;

  @Column({ type: 'text' })
  providerSubscriptionId!: string;

  @Column({ type: 'text', nullable: true })
  providerCustomerId!: string | null;

  @Column({ type: 'text', nullable: true })
  plan!: SubscriptionPlan | null;

  /** 'card': the provider's subscription renews by itself; 'pix'/'boleto': our own periods, paid charge by charge. */
  @Column({ type: 'text', default: 'card' })
  method!: PaymentMethod;

  @Column({ type: 'text' })
  providerStatus!: string;

  @Column({ type: 'text' })
  status!: SubscriptionStatus;

  @Column({ type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  trialEnd!: Date | null;

  @Column({ type: 'text', nullable: true })
  endedReason!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  paymentFailedAt!: Date | null;

  /** First failed charge not paid since: the start of the grace period (null when no payment is pending). */
  @Column({ type: 'timestamptz', nullable: true })
  pastDueSince!: Date | null;

  /** Access ends then unless a payment goes through (BILLING_GRACE_DAYS after `past_due_since`). */
  @Column({ type: 'timestamptz', nullable: true })
  graceUntil!: Date | null;

  /** `created` of the newest paid invoice: a failure older than it is old news. */
  @Column({ type: 'timestamptz', nullable: true })
  lastPaidAt!: Date | null;

  /** `created` of the newest provider event applied to this row: older events never overwrite it. */
  @Column({ type: 'timestamptz' })
  lastEventAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
