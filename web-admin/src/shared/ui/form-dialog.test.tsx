import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { DialogForm, FormDialog, PublishingNote, useSaveError } from './form-dialog';

afterEach(cleanup);

/** A dialog built from the kit the way the admin forms are: one field, a save that may fail. */
function NameDialog({ save, onClose }: { save: (name: string) => Promise<void>; onClose: () => void }) {
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const { error, attempt } = useSaveError('Não foi possível salvar');
  return (
    <FormDialog open onClose={onClose} title="Nova Categoria" pending={pending}>
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          void attempt(async () => {
            setPending(true);
            try {
              await save(name);
              onClose();
            } finally {
              setPending(false);
            }
          });
        }}
        onCancel={onClose}
        pending={pending}
        submitLabel="Criar Categoria"
        pendingLabel="Salvando..."
        error={error}
        publishing={<PublishingNote>Ao salvar, a categoria aparece no site.</PublishingNote>}
      >
        <label htmlFor="name">Nome</label>
        <input id="name" value={name} onChange={(event) => setName(event.target.value)} />
      </DialogForm>
    </FormDialog>
  );
}

describe('form-dialog kit', () => {
  it('is a labelled dialog with the fields, the publishing sentence and the Cancel/submit footer', () => {
    const onClose = vi.fn();
    render(<NameDialog save={vi.fn()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Nova Categoria' });
    expect(dialog.textContent).toContain('Ao salvar, a categoria aparece no site.');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when the save fails and keeps what was typed", async () => {
    const save = vi.fn(async () => {
      throw new ApiError(409, 'Slug já existe');
    });
    const onClose = vi.fn();
    render(<NameDialog save={save} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Split' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar Categoria' })));
    expect(save).toHaveBeenCalledWith('Split');
    expect(screen.getByRole('alert').textContent).toContain('Slug já existe');
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Split');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to the form\'s own text for an error without a message, and closes after a good save', async () => {
    let fail = true;
    const save = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch');
    });
    const onClose = vi.fn();
    render(<NameDialog save={save} onClose={onClose} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar Categoria' })));
    expect(screen.getByRole('alert').textContent).toContain('Não foi possível salvar');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar Categoria' })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons and says so while saving; Escape does not close it then', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(<NameDialog save={save} onClose={onClose} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar Categoria' })));
    const submit = screen.getByRole('button', { name: 'Salvando...' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancelar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => finish());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
