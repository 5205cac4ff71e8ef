import type { AdminLoginBody, AdminMe } from '@clima/contract/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { api } from '../../../lib/api';
import { adminLoginRequest, adminLogoutRequest } from '../api/admin-auth-api';
import { AdminAuthContext, type AdminAuthContextValue } from '../admin-auth-context';

/** GET /api/session: `admin: null` without an admin session, never the 401 a browser logs as an error. */
async function checkAdmin(): Promise<AdminMe | null> {
  try {
    return (await api.get('/api/session')).admin;
  } catch (err) {
    console.error(messages.logs.checkFailed, err);
    return null;
  }
}

export function AdminAuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: adminKeys.me, queryFn: checkAdmin, staleTime: 60_000 });

  const login = useCallback(
    async (body: AdminLoginBody) => {
      try {
        if (!(await adminLoginRequest(body))) return false;
        const admin = await queryClient.fetchQuery({ queryKey: adminKeys.me, queryFn: checkAdmin, staleTime: 0 });
        return admin !== null;
      } catch (err) {
        console.error(messages.logs.loginFailed, err);
        return false;
      }
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await adminLogoutRequest();
    } catch (err) {
      console.error(messages.logs.logoutFailed, err);
    } finally {
      queryClient.setQueryData(adminKeys.me, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== adminKeys.me[1] });
    }
  }, [queryClient]);

  const value = useMemo<AdminAuthContextValue>(
    () => ({ admin: query.data ?? null, loading: query.isPending, login, logout }),
    [query.data, query.isPending, login, logout],
  );
  return <AdminAuthContext.Provider value={value}>{children}</AdminAuthContext.Provider>;
}
