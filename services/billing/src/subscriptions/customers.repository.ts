import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Customer } from './customer.entity';

/** The `billing.customers` table: our user ↔ the provider's customer. */
@Injectable()
export class CustomersRepository {
  constructor(private readonly ds: DataSource) {}

  /** Links the user to the customer; a link that exists already is kept as it is. */
  async link(m: EntityManager, provider: string, userId: string, customerId: string): Promise<void> {
    await m.createQueryBuilder().insert().into(Customer).values({ userId, provider, providerCustomerId: customerId }).orIgnore().execute();
  }

  async userOf(m: EntityManager, provider: string, customerId: string): Promise<string | null> {
    const c = await m.getRepository(Customer).findOne({ where: { provider, providerCustomerId: customerId } });
    return c?.userId ?? null;
  }

  /** The customer, when it is this user's. */
  ofUser(provider: string, customerId: string, userId: string): Promise<Customer | null> {
    return this.ds.getRepository(Customer).findOne({ where: { provider, providerCustomerId: customerId, userId } });
  }

  newestOfUser(provider: string, userId: string): Promise<Customer | null> {
    return this.ds.getRepository(Customer).findOne({ where: { userId, provider }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async deleteOfUser(m: EntityManager, userId: string): Promise<void> {
    await m.getRepository(Customer).delete({ userId });
  }
}
