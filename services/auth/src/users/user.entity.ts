import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export interface GoogleUserData {
  name?: string | null;
  picture?: string | null;
}

/** An end user: 'email_<n>' for e-mail accounts, 'google_<subject>' for accounts created through Google. */
@Entity({ name: 'users' })
export class User {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  /** argon2id; null for accounts that only sign in with Google. */
  @Column({ type: 'text', nullable: true, select: false })
  passwordHash!: string | null;

  /** Google's subject identifier, also on an e-mail account linked to Google. */
  @Column({ type: 'text', nullable: true })
  googleSub!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  googleUserData!: GoogleUserData | null;

  /** When the current e-mail was proven to be the owner's; null: never (reset when the e-mail changes). */
  @Column({ type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** A new e-mail the user asked for in the profile; it replaces `email` only when its verification link is used. */
  @Column({ type: 'text', nullable: true })
  pendingEmail!: string | null;

  @Column({ type: 'text', default: 'inactive' })
  subscriptionStatus!: string;

  @Column({ type: 'text', nullable: true })
  subscriptionPlan!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  subscriptionExpiresAt!: Date | null;

  /** When the last subscription fact was produced; older facts never overwrite newer ones. */
  @Column({ type: 'timestamptz', nullable: true })
  subscriptionUpdatedAt!: Date | null;

  @Column({ type: 'boolean', default: false })
  isAdmin!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

export const isGoogleAccount = (u: Pick<User, 'id'>): boolean => !u.id.startsWith('email_');
