import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineAdminResource } from './admin-resource';

afterEach(cleanup);

interface Item {
  id: number;
  name: string;
}

/** An in-memory store standing in for a service: what the resource is given to read and write. */
function memoryStore(initial: string[]) {
  let next = 1;
  const items: Item[] = initial.map((name) => ({ id: next++, name }));
  const calls = { list: 0, other: 0 };
  return {
    calls,
    list: async (search: string) => {
      calls.list += 1;
      return items.filter((i) => i.name.includes(search)).map((i) => ({ ...i }));
    },
    create: async (body: { name: string }) => {
      const item = { id: next++, name: body.name };
      items.push(item);
      return item;
    },
    update: async (id: number, body: { name: string }) => {
      const item = items.find((i) => i.id === id);
      if (!item) throw new Error('Não encontrado');
      item.name = body.name;
      return { ...item };
    },
    remove: async (id: number) => {
      const at = items.findIndex((i) => i.id === id);
      if (at < 0) throw new Error('Não encontrado');
      items.splice(at, 1);
    },
    other: async () => {
      calls.other += 1;
      return calls.other;
    },
  };
}

function setup(initial: string[], options: { failedLoad?: 'empty' | 'error'; failing?: boolean } = {}) {
  const store = memoryStore(initial);
  const keys = { all: ['test', 'items'] as const, list: (search: string) => ['test', 'items', { search }] as const };
  const resource = defineAdminResource({
    keys,
    list: options.failing
      ? async () => {
          throw new Error('fora do ar');
        }
      : store.list,
    create: store.create,
    update: store.update,
    remove: store.remove,
    alsoRefresh: [['test', 'other']],
    logs: { load: 'Erro ao carregar itens', save: 'Erro ao salvar item', delete: 'Erro ao excluir item' },
    failedLoad: options.failedLoad,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  function Page() {
    const list = resource.useList('', true);
    const save = resource.useSave();
    const remove = resource.useDelete();
    const other = useQuery({ queryKey: ['test', 'other'], queryFn: store.other });
    return (
      <div>
        <p data-testid="state">{list.isError ? 'erro' : list.isPending ? 'carregando' : `${list.data?.length} itens`}</p>
        <p data-testid="other">{other.data}</p>
        <ul aria-label="Itens">
          {list.data?.map((i) => (
            <li key={i.id}>
              {i.name}
              <button type="button" onClick={() => void save.mutateAsync({ id: i.id, body: { name: `${i.name}!` } })}>
                Renomear {i.name}
              </button>
              <button type="button" onClick={() => void remove.mutateAsync(i.id).catch(() => undefined)}>
                Excluir {i.name}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => void save.mutateAsync({ id: null, body: { name: 'Cassete' } })}>
          Criar
        </button>
        <button type="button" onClick={() => void remove.mutateAsync(999).catch(() => undefined)}>
          Excluir inexistente
        </button>
      </div>
    );
  }
  render(<Page />, { wrapper });
  return { store };
}

const names = () => screen.getAllByRole('listitem').map((li) => li.firstChild?.textContent);

describe('defineAdminResource', () => {
  it('lists, then creates, updates and deletes, reading the list and the related keys again after each change', async () => {
    const { store } = setup(['Split', 'Piso-teto']);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('2 itens'));
    expect(names()).toEqual(['Split', 'Piso-teto']);
    await waitFor(() => expect(screen.getByTestId('other').textContent).toBe('1'));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar' })));
    await waitFor(() => expect(names()).toEqual(['Split', 'Piso-teto', 'Cassete']));
    await waitFor(() => expect(screen.getByTestId('other').textContent).toBe('2'));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Renomear Split' })));
    await waitFor(() => expect(names()).toEqual(['Split!', 'Piso-teto', 'Cassete']));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Excluir Piso-teto' })));
    await waitFor(() => expect(names()).toEqual(['Split!', 'Cassete']));
    expect(store.calls.list).toBe(4);
  });

  it('logs a failed change with its own text and still reads the list again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = setup(['Split']);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('1 itens'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Excluir inexistente' })));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Erro ao excluir item', expect.any(Error)));
    await waitFor(() => expect(store.calls.list).toBe(2));
    expect(names()).toEqual(['Split']);
  });

  it('reads a failed load as an empty list by default, and as an error when the page shows its own', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup([], { failing: true });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('0 itens'));
    expect(log).toHaveBeenCalledWith('Erro ao carregar itens', expect.any(Error));
    cleanup();
    setup([], { failing: true, failedLoad: 'error' });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('erro'));
  });
});
