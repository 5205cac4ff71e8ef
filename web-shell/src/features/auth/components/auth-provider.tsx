import type { Me } from '@clima/contract/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { queryKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { api, ApiError } from '../../../lib/api';
import { exchangeCodeForSession, getGoogleRedirectUrl, logoutRequest } from '../api/auth-api';
import { AuthContext, type AuthContextValue } from '../auth-context';
import { useActivityHeartbeat } from '../hooks/use-activity-heartbeat';

/**
 * GET /api/session answers an anonymous visitor with `user: null`, not the 401 of /api/users/me that
 * browsers log as a console error. A failed fetch is logged and counts as "no user": pending still ends
 * (spec section 8).
 */
async function loadUser(): Promise<Me | null> {
  try {
    return (await api.get('/api/session')).user;
  } catch (err) {
    console.error(err instanceof ApiError ? messages.logs.fetchUser(err.status) : err instanceof Error ? err.message : err);
    return null;
  }
}

/** The code exchange runs once per page load, even under StrictMode or a remount. */
let exchangePromise: Promise<void> | null = null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.me, queryFn: loadUser, staleTime: 60_000 });
  const user = query.data ?? null;

  // fetchQuery joins a fetch already in flight, so concurrent calls merge into one request.
  const fetchUser = useCallback(
    () => queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: loadUser, staleTime: 0 }),
    [queryClient],
  );

  const logout = useCallback(async () => {
    // Clear locally first, so the interface reacts at once, then tell the server.
    await queryClient.cancelQueries({ queryKey: queryKeys.me });
    queryClient.setQueryData(queryKeys.me, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    await logoutRequest();
  }, [queryClient]);

  const redirectToLogin = useCallback(async () => {
    try {
      window.location.assign(await getGoogleRedirectUrl());
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
      throw err;
    }
  }, []);

  const exchangeCodeForSessionToken = useCallback(() => {
    exchangePromise ??= (async () => {
      const code = new URLSearchParams(window.location.search).get('code');
      if (!code) throw new Error(messages.logs.noCode);
      await exchangeCodeForSession(code);
      await fetchUser();
    })();
    return exchangePromise;
  }, [fetchUser]);

  useActivityHeartbeat(user !== null);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isPending: query.isPending,
      isFetching: query.isFetching,
      fetchUser,
      logout,
      redirectToLogin,
      exchangeCodeForSessionToken,
    }),
    [user, query.isPending, query.isFetching, fetchUser, logout, redirectToLogin, exchangeCodeForSessionToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
