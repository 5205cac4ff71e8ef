import type { PasswordBody, ProfileBody } from '@clima/contract/auth';
import { api } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

/** `message` says whether a new e-mail waits for its verification link (the name always applies at once). */
export function updateProfile(body: ProfileBody) {
  return api.put('/api/users/profile', { body, fallbackError: messages.profile.updateFailed });
}

export function changePassword(body: PasswordBody): Promise<unknown> {
  return api.put('/api/users/password', { body, fallbackError: messages.profile.passwordFailed });
}
