import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Payment } from './payment.entity';

export type NewPayment = Pick<Payment, 'userId' | 'provider' | 'providerPaymentId' | 'providerSubscriptionId' | 'amountCents' | 'currency' | 'paidAt'>;

/** The `billing.payments` table (paid invoices). */
@Injectable()
export class PaymentsRepository {
  /** Records a paid invoice once: a payment id already stored is left as it is. */
  async record(m: EntityManager, payment: NewPayment): Promise<void> {
    await m.createQueryBuilder().insert().into(Payment).values(payment).orIgnore().execute();
  }

  /** Removes the user from their payments, which stay for the revenue figures. */
  async anonymiseOfUser(m: EntityManager, userId: string): Promise<void> {
    await m.getRepository(Payment).update({ userId }, { userId: null });
  }
}
