import { isoOrNull } from '@clima/common';
import type { UserIdentity } from '@clima/common';
import type { AdminUserView, Me, SubscriptionPlan } from '@clima/contract';
import { SUBSCRIPTION_PLANS } from '@clima/contract';
import type { User } from './user.entity';

const plan = (v: string | null): SubscriptionPlan | null => ((SUBSCRIPTION_PLANS as readonly string[]).includes(v ?? '') ? (v as SubscriptionPlan) : null);

/** GET /api/users/me (spec section 3, plus is_admin and created_at). */
/** What GET /api/users/me shows of an account (UsersRepository.me reads exactly these). */
export type MeFields = Pick<
  User,
  'id' | 'email' | 'name' | 'googleUserData' | 'subscriptionStatus' | 'subscriptionPlan' | 'subscriptionExpiresAt' | 'isAdmin' | 'createdAt' | 'emailVerifiedAt' | 'pendingEmail'
>;

export function toMe(u: MeFields): Me {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    google_user_data: u.googleUserData ? { name: u.googleUserData.name ?? null, picture: u.googleUserData.picture ?? null } : null,
    subscription_status: u.subscriptionStatus,
    subscription_plan: plan(u.subscriptionPlan),
    subscription_expires_at: isoOrNull(u.subscriptionExpiresAt),
    is_admin: u.isAdmin,
    created_at: isoOrNull(u.createdAt)!,
    email_verified: u.emailVerifiedAt != null,
    pending_email: u.pendingEmail ?? null,
  };
}

/** A user as the admin panel lists it. */
export function toAdminUserView(u: User): AdminUserView {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    is_admin: u.isAdmin,
    subscription_status: u.subscriptionStatus,
    subscription_plan: plan(u.subscriptionPlan),
    subscription_expires_at: isoOrNull(u.subscriptionExpiresAt),
    created_at: isoOrNull(u.createdAt)!,
  };
}

/** What the gateway forwards about a signed-in user. */
export function toUserIdentity(u: Pick<User, 'id' | 'email' | 'name' | 'subscriptionStatus' | 'isAdmin'>): UserIdentity {
  return { id: u.id, email: u.email, name: u.name, subscriptionStatus: u.subscriptionStatus, isAdmin: u.isAdmin };
}

/** The payload of `user.upserted`. */
export function toUpserted(u: User) {
  return { userId: u.id, email: u.email, name: u.name, createdAt: isoOrNull(u.createdAt)! };
}
