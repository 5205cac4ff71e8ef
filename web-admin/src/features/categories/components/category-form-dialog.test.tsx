import type { ContentCategory } from '@clima/contract/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SaveNoticeProvider } from '../../../shared/ui/save-notice';
import { CategoryFormDialog } from './category-form-dialog';

afterEach(cleanup);

const renderDialog = (target: ContentCategory | 'new') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SaveNoticeProvider>
        <CategoryFormDialog target={target} onClose={vi.fn()} />
      </SaveNoticeProvider>
    </QueryClientProvider>,
  );

const split: ContentCategory = { id: 4, name: 'Split', slug: 'split', description: null, created_at: '2026-11-01T10:00:00.000Z' };

describe('CategoryFormDialog', () => {
  it('while creating, the slug follows the name; the form says saving puts the category on the site', () => {
    renderDialog('new');
    expect(screen.getByRole('dialog', { name: 'Nova Categoria' }).textContent).toContain('ao salvar, a categoria aparece no site');
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Ar Condicionado Janela' } });
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('ar-condicionado-janela');
  });

  it('while editing, the slug keeps its value when the name changes', () => {
    renderDialog(split);
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Split');
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Split Inverter' } });
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('split');
  });

  it('names the missing field and marks it invalid instead of sending', async () => {
    renderDialog('new');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar Categoria' })));
    const name = screen.getByLabelText(/^Nome/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Nova Categoria' })).toBeTruthy();
  });
});
