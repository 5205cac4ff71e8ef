import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state';
import { ListPage, ListTable, useListSearch } from './list-page';
import { FolderOpen } from 'lucide-react';
import { useState } from 'react';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Split' },
  { id: 2, name: 'Cassete' },
];
const count = (n: number) => `${n} ${n === 1 ? 'item' : 'itens'}`;

function Page({ items, loading = false, stale, onDelete }: { items: Row[]; loading?: boolean; stale?: boolean; onDelete: (row: Row) => Promise<void> }) {
  const search = useListSearch();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const shown = items.filter((r) => r.name.toLowerCase().includes(search.debounced.toLowerCase()));
  return (
    <ListPage
      header={<h1>Itens</h1>}
      search={{ ...search, placeholder: 'Buscar itens' }}
      loading={loading}
      stale={stale}
      items={shown}
      count={count}
      empty={<EmptyState icon={FolderOpen} title="Nenhum item" />}
      confirmDelete={{ target: deleting, onClose: () => setDeleting(null), title: 'Excluir item', describe: (r) => `O item ${r.name} será excluído.`, onConfirm: onDelete }}
    >
      {(list) => (
        <ul aria-label="Itens">
          {list.map((r) => (
            <li key={r.id}>
              {r.name}
              <button type="button" onClick={() => setDeleting(r)}>
                Excluir {r.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}

describe('ListPage', () => {
  it('shows a spinner while loading, then the header, the count and the items', () => {
    const { rerender } = render(<Page items={rows} loading onDelete={vi.fn()} />);
    expect(screen.getByRole('status', { name: 'Carregando...' })).toBeTruthy();
    expect(screen.queryByText('2 itens')).toBeNull();
    rerender(<Page items={rows} onDelete={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Itens' })).toBeTruthy();
    expect(screen.getByText('2 itens')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Split', 'Cassete']);
  });

  it('marks the list busy while an earlier answer stands in for the new one, for assistive technology too', () => {
    const { rerender } = render(<Page items={rows} stale onDelete={vi.fn()} />);
    const list = screen.getByTestId('list-page-items');
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.className).toContain('opacity-60');
    rerender(<Page items={rows} onDelete={vi.fn()} />);
    expect(screen.getByTestId('list-page-items').hasAttribute('aria-busy')).toBe(false);
  });

  it('filters after the search pauses and shows the empty state when nothing is left', async () => {
    render(<Page items={rows} onDelete={vi.fn()} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar itens' }), { target: { value: 'cass' } });
    expect(screen.getByText('2 itens')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 item')).toBeTruthy());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar itens' }), { target: { value: 'nada' } });
    await waitFor(() => expect(screen.getByText('Nenhum item')).toBeTruthy());
    expect(screen.queryByRole('list', { name: 'Itens' })).toBeNull();
  });

  it('opens the confirmation for the chosen row and deletes it only after "excluir" is typed', async () => {
    const onDelete = vi.fn(async () => {});
    render(<Page items={rows} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Cassete' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir item' });
    expect(dialog.textContent).toContain('O item Cassete será excluído.');
    const confirm = screen.getByRole('button', { name: 'Excluir' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Digite "excluir" para confirmar'), { target: { value: 'EXCLUIR' } });
    await act(async () => {
      fireEvent.click(confirm);
    });
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the confirmation open when deleting fails', async () => {
    const onDelete = vi.fn(async () => {
      throw new Error('falhou');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Page items={rows} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Split' }));
    fireEvent.change(screen.getByLabelText('Digite "excluir" para confirmar'), { target: { value: 'excluir' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    });
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Excluir item' })).toBeTruthy();
  });
});

describe('ListTable', () => {
  it('renders every item both as a phone card and as a table row under its column headers', () => {
    render(
      <ListTable
        label="Itens"
        items={rows}
        rowKey={(r) => r.id}
        testId="row"
        columns={[
          { header: 'Nome', cell: (r) => r.name },
          { header: 'Código', cell: (r) => `#${r.id}` },
        ]}
        card={(r) => <p>{`cartão ${r.name}`}</p>}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nome', 'Código']);
    expect(screen.getAllByRole('row').slice(1).map((tr) => tr.textContent)).toEqual(['Split#1', 'Cassete#2']);
    expect(screen.getByRole('list', { name: 'Itens' }).textContent).toBe('cartão Splitcartão Cassete');
    expect(screen.getAllByTestId('row')).toHaveLength(4);
  });
});
