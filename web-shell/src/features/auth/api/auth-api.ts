import { AUTH_MESSAGES, type SignInProvidersAnswer } from '@clima/contract/auth';
import type { HeartbeatBody } from '@clima/contract/ranking';
import { api, ApiError, readError } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages;

/**
 * The answer is ignored (spec 7.1): the local session is already cleared. Resolves false only when the
 * request never reached the server (no network), so that the caller can send it again later.
 */
export async function logoutRequest(): Promise<boolean> {
  try {
    await api.raw.get('/api/logout');
    return true;
  } catch {
    return false;
  }
}

export async function getGoogleRedirectUrl(): Promise<string> {
  try {
    return (await api.get('/api/oauth/google/redirect_url')).redirectUrl;
  } catch (err) {
    throw err instanceof ApiError ? new ApiError(err.status, m.logs.redirectUrl(err.status)) : err;
  }
}

/** The sign-in methods the installation offers (Google only when configured). */
export const fetchSignInProviders = (signal?: AbortSignal): Promise<SignInProvidersAnswer> => api.get('/api/auth/providers', { signal });

/** POST /api/sessions with the code and the state of the return URL (the server requires the state of the sign-in it started). */
export async function exchangeCodeForSession(code: string, state: string): Promise<void> {
  const res = await api.raw.post('/api/sessions', { body: { code, state } });
  if (!res.ok) throw new ApiError(res.status, m.logs.exchange(res.status));
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/** POST /api/auth/register; throws an Error whose message is the server's error text. */
export async function registerRequest({ name, email, password }: RegisterInput): Promise<void> {
  const res = await api.raw.post('/api/auth/register', { body: { email, password, name } });
  if (!res.ok) throw new Error(await readError(res, m.auth.registrationFailedServer));
}

export async function signInRequest(email: string, password: string): Promise<void> {
  const res = await api.raw.post('/api/auth/signin', { body: { email, password } });
  if (!res.ok) throw new Error(await readError(res, m.auth.signInFailedServer));
}

/** Tells the ranking what the user is studying (see use-activity-heartbeat.ts); failures are logged and ignored (spec section 8). */
export async function sendHeartbeat(body: HeartbeatBody): Promise<void> {
  try {
    const res = await api.raw.post('/api/users/session/heartbeat', { body });
    if (!res.ok) console.warn(m.logs.heartbeat, res.status);
  } catch (err) {
    console.warn(m.logs.heartbeat, err);
  }
}

/** Maps a server error text to the dialog's message by the codes of spec section 8. */
export function mapAuthError(serverText: string, mode: 'login' | 'register'): string {
  if (serverText.includes('email-already-in-use')) return m.auth.emailInUse;
  if (serverText.includes('weak-password')) return m.auth.weakPassword;
  if (serverText.includes('invalid-email')) return m.auth.invalidEmail;
  if (serverText.includes('user-not-found')) return m.auth.userNotFound;
  if (serverText.includes('wrong-password')) return m.auth.wrongPassword;
  // a new password among the most common ones: the server's own words (after the spec's checks)
  if (serverText === AUTH_MESSAGES.commonPassword) return serverText;
  return mode === 'register' ? m.auth.registerFailed : m.auth.loginFailed;
}
