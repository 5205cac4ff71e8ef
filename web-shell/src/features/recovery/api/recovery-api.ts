import type { VerifyEmailAnswer } from '@clima/contract/auth';
import { api } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.recovery;

/** POST /api/auth/password-reset: the same answer whether or not the e-mail has an account. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api.post('/api/auth/password-reset', { body: { email }, fallbackError: m.forgotFailed });
}

/** POST /api/auth/password-reset/check: resolves while the link works; a used or expired one throws its message. */
export function checkPasswordReset(token: string, signal?: AbortSignal): Promise<{ valid: true }> {
  return api.post('/api/auth/password-reset/check', { body: { token }, signal, fallbackError: m.resetFailed });
}

export function confirmPasswordReset(token: string, password: string): Promise<{ success: true; message: string }> {
  return api.post('/api/auth/password-reset/confirm', { body: { token, password }, fallbackError: m.resetFailed });
}

export function verifyEmail(token: string): Promise<VerifyEmailAnswer> {
  return api.post('/api/auth/verify-email', { body: { token }, fallbackError: m.verifyFailed });
}

/** A new verification link: to the pending e-mail when a change waits, else to the current one. */
export function resendVerification(): Promise<{ message: string; email: string }> {
  return api.post('/api/users/me/verification-email', { json: true, fallbackError: m.resendFailed });
}
