/**
 * Identity headers written by the gateway after asking the auth service (nginx auth_request).
 * nginx always overwrites them, so a client can never forge them; services trust only these.
 */
export const IDENTITY_HEADERS = {
  userId: 'x-user-id',
  userEmail: 'x-user-email',
  userName: 'x-user-name',
  userStatus: 'x-user-status',
  userIsAdmin: 'x-user-is-admin',
  adminId: 'x-admin-id',
  adminUsername: 'x-admin-username',
} as const;

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

type HeaderBag = Record<string, string | string[] | undefined>;

function header(h: HeaderBag, name: string): string {
  const v = h[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

function decode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** Reads the identity from the gateway's headers; empty headers mean anonymous. */
export function identityFromHeaders(h: HeaderBag): Identity {
  const userId = header(h, IDENTITY_HEADERS.userId);
  const adminId = header(h, IDENTITY_HEADERS.adminId);
  return {
    user: userId
      ? {
          id: userId,
          email: decode(header(h, IDENTITY_HEADERS.userEmail)),
          name: decode(header(h, IDENTITY_HEADERS.userName)) || null,
          subscriptionStatus: header(h, IDENTITY_HEADERS.userStatus) || 'inactive',
          isAdmin: header(h, IDENTITY_HEADERS.userIsAdmin) === '1',
        }
      : null,
    admin: adminId ? { id: adminId, username: decode(header(h, IDENTITY_HEADERS.adminUsername)) } : null,
  };
}

/** Writes an identity as the headers the gateway forwards (used by the auth service's identity answer). */
export function identityToHeaders(identity: Identity): Record<string, string> {
  const u = identity.user;
  const a = identity.admin;
  return {
    [IDENTITY_HEADERS.userId]: u?.id ?? '',
    [IDENTITY_HEADERS.userEmail]: u ? encodeURIComponent(u.email) : '',
    [IDENTITY_HEADERS.userName]: u?.name ? encodeURIComponent(u.name) : '',
    [IDENTITY_HEADERS.userStatus]: u?.subscriptionStatus ?? '',
    [IDENTITY_HEADERS.userIsAdmin]: u ? (u.isAdmin ? '1' : '0') : '',
    [IDENTITY_HEADERS.adminId]: a?.id ?? '',
    [IDENTITY_HEADERS.adminUsername]: a ? encodeURIComponent(a.username) : '',
  };
}

export const isActiveSubscriber = (u: UserIdentity | null): boolean => !!u && u.subscriptionStatus === 'active';
