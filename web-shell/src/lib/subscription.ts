import type { Me } from '@clima/contract/auth';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only 'active' grants access (spec section 4). */
export function hasActiveSubscription(user: Pick<Me, 'subscription_status'> | null | undefined): boolean {
  return user?.subscription_status === 'active';
}

/** E-mail accounts carry the `email_` id prefix; any other id is a Google account. */
export function isEmailAccount(user: Pick<Me, 'id'>): boolean {
  return user.id.startsWith('email_');
}

/** Name, or the part of the e-mail before the @. */
export function displayName(user: Pick<Me, 'name' | 'email' | 'google_user_data'>): string {
  return user.name?.trim() || user.google_user_data?.name?.trim() || user.email.split('@')[0] || user.email;
}

/** Whole days left of the free period, never negative (spec section 4). */
export function freeDaysLeft(expiresAt: string | null | undefined, now: number = Date.now()): number {
  if (!expiresAt) return 0;
  const end = new Date(expiresAt).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}
