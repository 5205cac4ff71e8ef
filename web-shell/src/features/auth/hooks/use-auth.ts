import { useContext } from 'react';
import { messages } from '../../../i18n/messages';
import { AuthContext, type AuthContextValue } from '../auth-context';

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error(messages.logs.useAuthOutside);
  return ctx;
}
