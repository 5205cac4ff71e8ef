import type { PaymentMethod, SubscriptionPlan } from '@clima/contract';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A payment received (a paid invoice); the source of the revenue figures. */
@Entity({ name: 'payments' })
export class Payment {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** Null once the user was deleted: the payment stays for the revenue figures, anonymised. */
  @Column({ type: 'text', nullable: true })
  userId!: string | null;

  @Column({ type: 'text' })
  provider!: string;

  @Column({ type: 'text' })
  providerPaymentId!: string;

  @Column({ type: 'text', nullable: true })
  providerSubscriptionId!: string | null;

  @Column({ type: 'integer' })
  amountCents!: number;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ type: 'timestamptz' })
  paidAt!: Date;

  @Column({ type: 'text', default: 'card' })
  method!: PaymentMethod;

  @Column({ type: 'text', nullable: true })
  plan!: SubscriptionPlan | null;

  /** Who paid, as the provider or our checkout knew them (name, else e-mail); null once anonymised. */
  @Column({ type: 'text', nullable: true })
  payer!: string | null;

  /** The receipt's number ('CP-00000042'), given by the database. */
  @Column({ type: 'text', insert: false, update: false })
  receiptNumber!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
