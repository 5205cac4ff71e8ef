/** Who is calling, as the gateway proved it (see ./assertion.ts): an end user, an administrator, both or neither. */
export interface UserIdentity {
  id: string;
  email: string;
  name: string | null;
  subscriptionStatus: string;
  isAdmin: boolean;
}

export interface AdminIdentity {
  /** Administrator account id, or `user:<id>` for an end user with the is_admin flag. */
  id: string;
  username: string;
}

export interface Identity {
  user: UserIdentity | null;
  admin: AdminIdentity | null;
}

export const isActiveSubscriber = (u: UserIdentity | null): boolean => !!u && u.subscriptionStatus === 'active';
