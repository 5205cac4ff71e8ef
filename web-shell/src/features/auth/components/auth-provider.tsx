import type { Me, SessionAnswer } from '@clima/contract/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { queryKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { api, ApiError } from '../../../lib/api';
import { isNetworkFailure, reportReachable, reportUnreachable } from '../../../shared/hooks/use-online';
import { exchangeCodeForSession, getGoogleRedirectUrl, logoutRequest } from '../api/auth-api';
import { AuthContext, type AuthContextValue } from '../auth-context';
import { useActivityHeartbeat } from '../hooks/use-activity-heartbeat';
import { forgetSession, lastKnownSession, logoutPending, rememberSession } from '../offline-session';

/** How long the session check may hang on a poor connection before the last known session is used. */
export const SESSION_TIMEOUT_MS = 8_000;
/** While the server cannot be reached, how often it is asked again (besides the browser's `online` event). */
export const OFFLINE_RECHECK_MS = 30_000;

/**
 * GET /api/session answers an anonymous visitor with `user: null`, not the 401 of /api/users/me that
 * browsers log as a console error. A server's failed answer is logged and counts as "no user": pending
 * still ends (spec section 8). No network at all is not "no user": the last session this browser saw
 * confirmed stands in, read-only, and `reportOffline(true)` says so.
 */
/** The session request main.tsx sends before React starts, taken by the first check. */
let earlyRequest: Promise<SessionAnswer> | null = null;

const requestSession = () => api.get('/api/session', { signal: AbortSignal.timeout(SESSION_TIMEOUT_MS) });

/**
 * Sends the session request at once, alongside the first scripts, instead of when the provider first
 * renders: every screen waits for it, so on a slow phone this moves the first screen earlier.
 */
export function requestSessionEarly(): void {
  if (logoutPending()) return;
  earlyRequest = requestSession();
  // its failure is handled by the check that takes it
  earlyRequest.catch(() => undefined);
}

async function loadUser(reportOffline: (offline: boolean) => void): Promise<Me | null> {
  // a sign-out made offline reaches the server before anything else is asked of it
  if (logoutPending()) {
    if (!(await logoutRequest())) {
      reportUnreachable();
      reportOffline(true);
      return null;
    }
    forgetSession();
  }
  try {
    const request = earlyRequest ?? requestSession();
    earlyRequest = null;
    const { user } = await request;
    reportReachable();
    rememberSession(user);
    reportOffline(false);
    return user;
  } catch (err) {
    if (isNetworkFailure(err)) {
      reportUnreachable();
      reportOffline(true);
      return lastKnownSession()?.user ?? null;
    }
    reportOffline(false);
    console.error(err instanceof ApiError ? messages.logs.fetchUser(err.status) : err instanceof Error ? err.message : err);
    return null;
  }
}

/** The code exchange runs once per page load, even under StrictMode or a remount. */
let exchangePromise: Promise<void> | null = null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [isOffline, setOffline] = useState(false);
  const queryFn = useCallback(() => loadUser(setOffline), []);
  const query = useQuery({
    queryKey: queryKeys.me,
    queryFn,
    staleTime: 60_000,
    // runs without network too: then the last known session answers (the default would leave it paused, pending)
    networkMode: 'always',
    refetchInterval: isOffline ? OFFLINE_RECHECK_MS : false,
  });
  const user = query.data ?? null;

  // fetchQuery joins a fetch already in flight, so concurrent calls merge into one request.
  const fetchUser = useCallback(
    () => queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn, staleTime: 0, networkMode: 'always' }),
    [queryClient, queryFn],
  );

  // Back online: the server decides again (the session may have ended, the subscription changed).
  useEffect(() => {
    const recheck = () => void fetchUser();
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [fetchUser]);

  const logout = useCallback(async () => {
    // Clear locally first, so the interface reacts at once, then tell the server.
    await queryClient.cancelQueries({ queryKey: queryKeys.me });
    forgetSession();
    queryClient.setQueryData(queryKeys.me, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    // without network the server keeps the session: it is told at the next check that reaches it
    if (!(await logoutRequest())) forgetSession(false);
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
      const params = new URLSearchParams(window.location.search);
      const code = params.get('code');
      if (!code) throw new Error(messages.logs.noCode);
      // a return without its state is refused by the server (400), like one whose state is not this browser's
      await exchangeCodeForSession(code, params.get('state') ?? '');
      await fetchUser();
    })();
    return exchangePromise;
  }, [fetchUser]);

  // offline, a heartbeat could only fail
  useActivityHeartbeat(user !== null && !isOffline);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isPending: query.isPending,
      isFetching: query.isFetching,
      isOffline,
      fetchUser,
      logout,
      redirectToLogin,
      exchangeCodeForSessionToken,
    }),
    [user, query.isPending, query.isFetching, isOffline, fetchUser, logout, redirectToLogin, exchangeCodeForSessionToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
