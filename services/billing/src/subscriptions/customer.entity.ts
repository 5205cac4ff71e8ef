import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Links our user id to the payment provider's customer. */
@Entity({ name: 'customers' })
export class Customer {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'text' })
  userId!: string;

  @Column({ type: 'text' })
  provider!: string;

  @Column({ type: 'text' })
  providerCustomerId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
