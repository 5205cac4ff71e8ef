import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import type { AuthMode } from '../sign-in-dialog-context';
import { AuthProvider } from './auth-provider';
import SignInDialog from './sign-in-dialog';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Every request the dialog makes, as `METHOD path`; the session check answers an anonymous visitor and
 * the sign-in methods say whether Google is configured.
 */
let requests: string[];
let googleConfigured: boolean;
/** What opening the dialog asks: the session and the sign-in methods. */
const OPENING = ['GET /api/auth/providers', 'GET /api/session'];
beforeEach(() => {
  requests = [];
  googleConfigured = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      requests.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/session') return json({ user: null, admin: null });
      if (path === '/api/auth/providers') return json({ google: googleConfigured });
      return json({ error: 'Sign in failed (auth/user-not-found)' }, 401);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(mode: AuthMode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <SignInDialog open initialMode={mode} onClose={() => undefined} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect([...requests].sort()).toEqual(OPENING));
  return screen.getByRole('dialog');
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

/** Submits and answers the one message the dialog shows. */
async function submit(button: string): Promise<string | null> {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: button }));
  });
  const alerts = screen.queryAllByRole('alert');
  expect(alerts.length).toBeLessThanOrEqual(1);
  return alerts[0]?.textContent ?? null;
}

describe('sign-in dialog: validation in the order of spec section 5', () => {
  it('register: name, e-mail, password length, confirmation, and only then the server', async () => {
    await open('register');
    expect(await submit('Criar conta')).toBe('Nome é obrigatório');
    type('Nome completo', '   ');
    type('E-mail', '   ');
    type('Senha', '1');
    type('Confirmar senha', '2');
    expect(await submit('Criar conta')).toBe('Nome é obrigatório');
    type('Nome completo', 'Maria Silva');
    expect(await submit('Criar conta')).toBe('E-mail é obrigatório');
    type('E-mail', 'maria@exemplo.com.br');
    expect(await submit('Criar conta')).toBe('A senha deve ter pelo menos 6 caracteres');
    type('Senha', '123456');
    expect(await submit('Criar conta')).toBe('As senhas não coincidem');
    expect([...requests].sort()).toEqual(OPENING);

    type('Confirmar senha', '123456');
    await submit('Criar conta');
    await waitFor(() => expect(requests).toContain('POST /api/auth/register'));
  });

  it('login: e-mail, then password, and only then the server', async () => {
    await open('login');
    expect(screen.queryByLabelText('Nome completo')).toBeNull();
    expect(await submit('Entrar')).toBe('E-mail é obrigatório');
    type('Senha', 'x');
    expect(await submit('Entrar')).toBe('E-mail é obrigatório');
    type('E-mail', 'maria@exemplo.com.br');
    type('Senha', '');
    expect(await submit('Entrar')).toBe('Senha é obrigatória');
    expect([...requests].sort()).toEqual(OPENING);

    type('Senha', 'x');
    await submit('Entrar');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Usuário não encontrado'));
    expect([...requests].sort()).toEqual([...OPENING, 'POST /api/auth/signin']);
  });
});

describe('sign-in dialog: Google only where it is configured', () => {
  it('hides \'Continuar com Google\' when the installation has no Google sign-in', async () => {
    await open('login');
    expect(screen.queryByRole('button', { name: 'Continuar com Google' })).toBeNull();
  });

  it('shows it when Google is configured', async () => {
    googleConfigured = true;
    await open('login');
    expect(await screen.findByRole('button', { name: 'Continuar com Google' })).toBeTruthy();
  });
});
