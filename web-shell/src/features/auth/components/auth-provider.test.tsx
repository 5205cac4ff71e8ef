import type { Me } from '@clima/contract/auth';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { queryKeys } from '../../../app/query-keys';
import { useAuth } from '../hooks/use-auth';
import { AuthProvider } from './auth-provider';

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
