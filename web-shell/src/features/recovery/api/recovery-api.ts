import type { VerifyEmailAnswer } from '@clima/contract/auth';
import { api } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.recovery;

/** POST /api/auth/password-reset: the same answer whether or not the e-mail has an account. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api('/api/auth/password-reset', { method: 'POST', body: { email }, fallbackError: m.forgotFailed });
}

export function confirmPasswordReset(token: string, password: string): Promise<{ success: true; message: string }> {
  return api('/api/auth/password-reset/confirm', { method: 'POST', body: { token, password }, fallbackError: m.resetFailed });
}

export function verifyEmail(token: string): Promise<VerifyEmailAnswer> {
  return api('/api/auth/verify-email', { method: 'POST', body: { token }, fallbackError: m.verifyFailed });
}

/** A new verification link: to the pending e-mail when a change waits, else to the current one. */
export function resendVerification(): Promise<{ message: string; email: string }> {
  return api('/api/users/me/verification-email', { method: 'POST', json: true, fallbackError: m.resendFailed });
}
