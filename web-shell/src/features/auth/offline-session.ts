import type { Me } from '@clima/contract/auth';

/**
 * The last session the server confirmed, kept in this browser so that the shell still knows who is using
 * it when the network is down (a machine room without signal): name, e-mail and subscription state,
 * read-only, until the next answer of GET /api/session replaces it. Signing out or an answer without a
 * user removes it.
 */
const KEY = 'clima.last-session';
/** A sign-out made without network: the server still has the session until it is told. */
const LOGOUT_KEY = 'clima.logout-pending';

interface StoredSession {
  user: Me;
  /** When the server last confirmed it (ISO). */
  savedAt: string;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** The stored copy is data from outside the program (another build, a hand edit): only a whole user is believed. */
function isUser(v: unknown): v is Me {
  if (!v || typeof v !== 'object') return false;
  const u = v as Record<string, unknown>;
  const google = u.google_user_data;
  return (
    isString(u.id) &&
    isString(u.email) &&
    isNullableString(u.name) &&
    (google === null || (typeof google === 'object' && google !== undefined)) &&
    isString(u.subscription_status) &&
    isNullableString(u.subscription_plan) &&
    isNullableString(u.subscription_expires_at) &&
    typeof u.is_admin === 'boolean' &&
    isString(u.created_at) &&
    typeof u.email_verified === 'boolean' &&
    isNullableString(u.pending_email)
  );
}

/** Keeps the user the server just confirmed, or forgets the session when it answered without one. */
export function rememberSession(user: Me | null, now: Date = new Date()): void {
  try {
    if (user) localStorage.setItem(KEY, JSON.stringify({ user, savedAt: now.toISOString() } satisfies StoredSession));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the app works as before, only without the offline copy.
  }
}

/** Signing out: the stored copy goes at once; `serverTold` false keeps the sign-out to send when online. */
export function forgetSession(serverTold = true): void {
  rememberSession(null);
  try {
    if (serverTold) localStorage.removeItem(LOGOUT_KEY);
    else localStorage.setItem(LOGOUT_KEY, '1');
  } catch {
    // see rememberSession
  }
}

/** Whether a sign-out made offline still has to reach the server. */
export function logoutPending(): boolean {
  try {
    return localStorage.getItem(LOGOUT_KEY) === '1';
  } catch {
    return false;
  }
}

/** The last confirmed session, or null when there is none (or what is stored is not one). */
export function lastKnownSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const data: unknown = JSON.parse(raw);
    if (data && typeof data === 'object' && isUser((data as StoredSession).user) && isString((data as StoredSession).savedAt)) {
      return data as StoredSession;
    }
    localStorage.removeItem(KEY);
  } catch {
    // unreadable: as if there were none
  }
  return null;
}
