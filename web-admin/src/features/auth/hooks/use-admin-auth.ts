import { useContext } from 'react';
import { messages } from '../../../i18n/messages';
import { AdminAuthContext, type AdminAuthContextValue } from '../admin-auth-context';

export function useAdminAuth(): AdminAuthContextValue {
  const ctx = useContext(AdminAuthContext);
  if (!ctx) throw new Error(messages.logs.useAdminAuthOutside);
  return ctx;
}
