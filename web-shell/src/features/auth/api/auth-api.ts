import type { Me, RedirectUrlAnswer } from '@clima/contract/auth';
import { ApiError, apiFetch } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages;

/** GET /api/users/me: the user, or null when anonymous (401). Other failures throw. */
export async function fetchMe(): Promise<Me | null> {
  const res = await apiFetch('/api/users/me');
  if (res.status === 401) {
    // read the answer anyway: an unread body keeps the request open in the browser
    await res.text().catch(() => '');
    return null;
  }
  if (!res.ok) throw new ApiError(res.status, m.logs.fetchUser(res.status));
  return (await res.json()) as Me;
}

export async function logoutRequest(): Promise<void> {
  try {
    await apiFetch('/api/logout');
  } catch {
    // The answer is ignored (spec 7.1): the local session is already cleared.
  }
}

export async function getGoogleRedirectUrl(): Promise<string> {
  const res = await apiFetch('/api/oauth/google/redirect_url');
  if (!res.ok) throw new ApiError(res.status, m.logs.redirectUrl(res.status));
  const data = (await res.json()) as RedirectUrlAnswer;
  return data.redirectUrl;
}

export async function exchangeCodeForSession(code: string): Promise<void> {
  const res = await apiFetch('/api/sessions', { method: 'POST', body: { code } });
  if (!res.ok) throw new ApiError(res.status, m.logs.exchange(res.status));
}

async function errorText(res: Response, fallback: string): Promise<string> {
  try {
    const data = (await res.json()) as { error?: unknown };
    return typeof data.error === 'string' && data.error ? data.error : fallback;
  } catch {
    return fallback;
  }
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/** POST /api/auth/register; throws an Error whose message is the server's error text. */
export async function registerRequest({ name, email, password }: RegisterInput): Promise<void> {
  const res = await apiFetch('/api/auth/register', { method: 'POST', body: { email, password, name } });
  if (!res.ok) throw new Error(await errorText(res, m.auth.registrationFailedServer));
}

export async function signInRequest(email: string, password: string): Promise<void> {
  const res = await apiFetch('/api/auth/signin', { method: 'POST', body: { email, password } });
  if (!res.ok) throw new Error(await errorText(res, m.auth.signInFailedServer));
}

/** Failures are logged and ignored (spec section 8). */
export async function sendHeartbeat(): Promise<void> {
  try {
    const res = await apiFetch('/api/users/session/heartbeat', { method: 'POST', json: true });
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
  return mode === 'register' ? m.auth.registerFailed : m.auth.loginFailed;
}
