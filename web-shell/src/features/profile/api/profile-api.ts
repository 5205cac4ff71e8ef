import type { Me, PasswordBody, ProfileBody } from '@clima/contract/auth';
import { api } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

/** `message` says whether a new e-mail waits for its verification link (the name always applies at once). */
export function updateProfile(body: ProfileBody): Promise<{ success: true; message: string; user: Me }> {
  return api('/api/users/profile', { method: 'PUT', body, fallbackError: messages.profile.updateFailed });
}

export function changePassword(body: PasswordBody): Promise<unknown> {
  return api('/api/users/password', { method: 'PUT', body, fallbackError: messages.profile.passwordFailed });
}
