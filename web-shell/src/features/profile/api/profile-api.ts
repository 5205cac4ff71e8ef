import type { PasswordBody, ProfileBody } from '@clima/contract/auth';
import { api } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

export function updateProfile(body: ProfileBody): Promise<unknown> {
  return api('/api/users/profile', { method: 'PUT', body, fallbackError: messages.profile.updateFailed });
}

export function changePassword(body: PasswordBody): Promise<unknown> {
  return api('/api/users/password', { method: 'PUT', body, fallbackError: messages.profile.passwordFailed });
}
