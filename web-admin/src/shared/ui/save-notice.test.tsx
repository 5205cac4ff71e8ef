import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SaveNoticeProvider, useSaveNotice, type SavedNotice } from './save-notice';

afterEach(cleanup);

function Saver({ notice }: { notice: SavedNotice }) {
  const { show } = useSaveNotice();
  return (
    <button type="button" onClick={() => show(notice)}>
      Salvar
    </button>
  );
}

const renderWith = (notice: SavedNotice) =>
  render(
    <SaveNoticeProvider>
      <Saver notice={notice} />
    </SaveNoticeProvider>,
  );

describe('SaveNotice', () => {
  it('announces a draft and offers "Publicar agora"; once published it offers "Ver no site"', async () => {
    const publish = vi.fn(async () => undefined);
    renderWith({ title: 'Conteúdo Criado!', text: 'Salvo como rascunho.', published: false, publish, siteUrl: '/content/7' });
    expect(screen.queryByTestId('save-notice')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('status').textContent).toContain('Conteúdo Criado! Salvo como rascunho.');
    expect(screen.queryByRole('link', { name: /Ver no site/ })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publicar agora' })));
    expect(publish).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toContain('Publicado: já aparece no site.');
    const link = screen.getByRole('link', { name: /^Ver no site ?\(abre em nova aba\)$/ });
    expect(link.getAttribute('href')).toBe('/content/7');
    expect(screen.queryByRole('button', { name: 'Publicar agora' })).toBeNull();
  });

  it('offers "Ver no site" at once for something published or without drafts, and closes', () => {
    renderWith({ title: 'Categoria criada!', siteUrl: '/contents' });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('link', { name: /Ver no site/ }).getAttribute('href')).toBe('/contents');
    expect(screen.queryByRole('button', { name: 'Publicar agora' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByTestId('save-notice')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says so when publishing fails and keeps "Publicar agora"', async () => {
    const publish = vi.fn(async () => {
      throw new Error('fora do ar');
    });
    renderWith({ title: 'Aula criada!', published: false, publish, siteUrl: '/course/3' });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publicar agora' })));
    expect(screen.getByRole('status').textContent).toContain('Não foi possível publicar agora');
    expect(screen.getByRole('button', { name: 'Publicar agora' })).toBeTruthy();
  });
});
