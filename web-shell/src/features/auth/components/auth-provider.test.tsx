import type { Me } from '@clima/contract/auth';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { queryKeys } from '../../../app/query-keys';
import { useAuth } from '../hooks/use-auth';
import { lastKnownSession, logoutPending, rememberSession } from '../offline-session';
import { AuthProvider, SESSION_TIMEOUT_MS } from './auth-provider';

const me: Me = {
  id: 'email_1',
  email: 'maria@exemplo.com.br',
  name: 'Maria Silva',
  google_user_data: null,
  subscription_status: 'active',
  subscription_plan: 'monthly',
  subscription_expires_at: null,
  is_admin: false,
  created_at: '2025-01-02T03:04:05.000Z',
  email_verified: true,
  pending_email: null,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The network: every request the app makes, answered by `answer` (which may hold it open). */
function standInFetch(answer: (path: string) => Promise<Response> | Response) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    return answer(path);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, count: (path: string) => calls.filter((c) => c === path).length };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

let auth: ReturnType<typeof useAuth>;
function Probe() {
  auth = useAuth();
  return <p data-testid="state">{auth.isPending ? 'pendente' : (auth.user?.email ?? 'anônimo')}</p>;
}

function mount(client: QueryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return client;
}

const state = () => screen.getByTestId('state').textContent;

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  // the app's reachability is module state: a test that went offline ends back online
  window.dispatchEvent(new Event('online'));
});

describe('AuthProvider', () => {
  it('is pending until the session answer arrives, then holds the user', async () => {
    const answer = deferred<Response>();
    const net = standInFetch(() => answer.promise);
    mount();
    expect(state()).toBe('pendente');
    expect(net.calls).toEqual(['/api/session']);
    await act(async () => answer.resolve(json({ user: me, admin: null })));
    await waitFor(() => expect(state()).toBe(me.email));
    expect(auth.user).toEqual(me);
  });

  it('an anonymous visitor ends pending with no user, without any request that answers 401', async () => {
    const net = standInFetch(() => json({ user: null, admin: null }));
    mount();
    await waitFor(() => expect(state()).toBe('anônimo'));
    expect(net.calls).toEqual(['/api/session']);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('a failed session check is logged with the spec text and counts as no user', async () => {
    standInFetch(() => json({ error: 'indisponível' }, 503));
    mount();
    await waitFor(() => expect(state()).toBe('anônimo'));
    expect(console.error).toHaveBeenCalledWith('Failed to fetch user: API responded with HTTP status 503');
  });

  it('/auth/callback sends the state of the return URL with the code (the server requires it)', async () => {
    window.history.replaceState(null, '', '/auth/callback?code=codigo-do-google&state=estado-do-login');
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/sessions') {
          sent.push(JSON.parse(String(init?.body)));
          return json({ ...me });
        }
        return json({ user: me, admin: null });
      }),
    );
    mount();
    await waitFor(() => expect(state()).toBe(me.email));
    await act(() => auth.exchangeCodeForSessionToken());
    expect(sent).toEqual([{ code: 'codigo-do-google', state: 'estado-do-login' }]);
    window.history.replaceState(null, '', '/');
  });

  it('merges concurrent user fetches into one request', async () => {
    let answer = deferred<Response>();
    const net = standInFetch(() => answer.promise);
    mount();
    // a fetch asked for while the first load runs joins it
    const joined = auth.fetchUser();
    await act(async () => answer.resolve(json({ user: null, admin: null })));
    expect(await joined).toBeNull();
    expect(net.count('/api/session')).toBe(1);

    answer = deferred<Response>();
    const all = Promise.all([auth.fetchUser(), auth.fetchUser(), auth.fetchUser()]);
    await act(async () => answer.resolve(json({ user: me, admin: null })));
    expect(await all).toEqual([me, me, me]);
    expect(net.count('/api/session')).toBe(2);
    await waitFor(() => expect(state()).toBe(me.email));
  });

  it('logout clears the user before it calls the logout endpoint', async () => {
    const client = createQueryClient();
    let userWhenLoggingOut: unknown = 'not called';
    const net = standInFetch((path) => {
      if (path === '/api/logout') {
        userWhenLoggingOut = client.getQueryData(queryKeys.me);
        return json({ success: true });
      }
      return json({ user: me, admin: null });
    });
    mount(client);
    await waitFor(() => expect(state()).toBe(me.email));
    await act(() => auth.logout());
    expect(userWhenLoggingOut).toBeNull();
    expect(net.calls).toEqual(['/api/session', '/api/logout']);
    await waitFor(() => expect(state()).toBe('anônimo'));
  });

  it('logout ignores a failing logout answer: the local session is already gone', async () => {
    standInFetch((path) => (path === '/api/logout' ? Promise.reject(new TypeError('Failed to fetch')) : json({ user: me, admin: null })));
    mount();
    await waitFor(() => expect(state()).toBe(me.email));
    await act(() => auth.logout());
    await waitFor(() => expect(state()).toBe('anônimo'));
  });
});

/** What fetch does when there is no network at all. */
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

describe('AuthProvider without network', () => {
  it('keeps the last confirmed session, read-only, when the next check finds no network', async () => {
    standInFetch(() => json({ user: me, admin: null }));
    mount();
    await waitFor(() => expect(state()).toBe(me.email));
    expect(auth.isOffline).toBe(false);
    expect(lastKnownSession()?.user).toEqual(me);
    cleanup();

    // a new page load in the machine room
    standInFetch(noNetwork);
    mount();
    await waitFor(() => expect(state()).toBe(me.email));
    expect(auth.isOffline).toBe(true);
    expect(auth.user?.subscription_status).toBe('active');
    expect(console.error).not.toHaveBeenCalled();
  });

  it('without a confirmed session there is no user offline, and pending still ends', async () => {
    standInFetch(noNetwork);
    mount();
    await waitFor(() => expect(state()).toBe('anônimo'));
    expect(auth.isOffline).toBe(true);
  });

  it('a server answer without a user removes the stored session', async () => {
    rememberSession(me);
    standInFetch(() => json({ user: null, admin: null }));
    mount();
    await waitFor(() => expect(state()).toBe('anônimo'));
    expect(lastKnownSession()).toBeNull();
  });

  it('a server error is an answer, not an outage: no stored session stands in for it', async () => {
    rememberSession(me);
    standInFetch(() => json({ error: 'indisponível' }, 503));
    mount();
    await waitFor(() => expect(state()).toBe('anônimo'));
    expect(auth.isOffline).toBe(false);
    // and the copy is kept for a real outage
    expect(lastKnownSession()?.user).toEqual(me);
  });

  it('asks the server again when the browser is back online, and believes it', async () => {
    rememberSession(me);
    let online = false;
    const ended = { ...me, subscription_status: 'inactive' };
    const net = standInFetch(() => (online ? json({ user: ended, admin: null }) : noNetwork()));
    mount();
    await waitFor(() => expect(state()).toBe(me.email));
    expect(auth.isOffline).toBe(true);
    expect(auth.user?.subscription_status).toBe('active');

    online = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(auth.isOffline).toBe(false));
    expect(auth.user?.subscription_status).toBe('inactive');
    expect(lastKnownSession()?.user.subscription_status).toBe('inactive');
    expect(net.count('/api/session')).toBe(2);
  });

  it('a session check that hangs gives up after its timeout and uses the stored session', async () => {
    rememberSession(me);
    // the browser's timeout signal, fired here instead of after 8 s
    const timeout = new AbortController();
    const asked = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    // fetch honours its signal, as the browser's does, and never answers otherwise
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
      ),
    );
    mount();
    expect(asked).toHaveBeenCalledWith(SESSION_TIMEOUT_MS);
    expect(state()).toBe('pendente');
    await act(async () => timeout.abort(new DOMException('signal timed out', 'TimeoutError')));
    await waitFor(() => expect(state()).toBe(me.email));
    expect(auth.isOffline).toBe(true);
  });

  it('a sign-out made offline clears the user at once and reaches the server before the next check', async () => {
    rememberSession(me);
    let online = false;
    const net = standInFetch((path) => {
      if (!online) return noNetwork();
      return path === '/api/logout' ? json({ success: true }) : json({ user: null, admin: null });
    });
    mount();
    await waitFor(() => expect(state()).toBe(me.email));
    await act(() => auth.logout());
    await waitFor(() => expect(state()).toBe('anônimo'));
    expect(lastKnownSession()).toBeNull();
    expect(logoutPending()).toBe(true);

    online = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(logoutPending()).toBe(false));
    expect(net.calls.slice(-2)).toEqual(['/api/logout', '/api/session']);
    expect(state()).toBe('anônimo');
  });

  it('ignores a stored copy that is not a whole user', () => {
    localStorage.setItem('clima.last-session', JSON.stringify({ user: { id: 'email_1' }, savedAt: 'x' }));
    expect(lastKnownSession()).toBeNull();
    expect(localStorage.getItem('clima.last-session')).toBeNull();
    localStorage.setItem('clima.last-session', '{not json');
    expect(lastKnownSession()).toBeNull();
  });
});
