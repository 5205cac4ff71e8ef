import { useCallback, useState, type FormEventHandler, type ReactNode } from 'react';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles } from '@clima/web-kit/button';
import { Modal } from '@clima/web-kit/modal';
import { messages } from '../../i18n/messages';
import { ApiError } from '../../lib/api';

/**
 * The admin form-dialog kit: `FormDialog` is the modal (not dismissible while saving), `DialogForm` the form
 * inside it with what every admin form ends with — the line saying whether saving publishes, the save error
 * and the Cancel/submit footer. They are apart so a dialog can give its form a fresh key on every opening.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  pending,
  size,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  pending: boolean;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} description={description} closeLabel={messages.common.close} dismissible={!pending} size={size}>
      {children}
    </Modal>
  );
}

export function DialogForm({
  onSubmit,
  onCancel,
  pending,
  busy = false,
  submitLabel,
  pendingLabel = messages.common.saving,
  error,
  publishing,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** Saving: both buttons are disabled and the submit button says so. */
  pending: boolean;
  /** Something else blocks saving (an upload in progress). */
  busy?: boolean;
  submitLabel: string;
  pendingLabel?: string;
  error?: string | null;
  /** Whether saving publishes: `PublishingNote` for the forms of published things. */
  publishing?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {children}
      {publishing}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={pending} className={buttonStyles.secondary}>
          {messages.common.cancel}
        </button>
        <button type="submit" disabled={pending || busy} className={buttonStyles.primary}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** The plain sentence under a form saying what saving does to the site; it follows the publish checkbox. */
export function PublishingNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200" aria-live="polite" data-testid="publishing-note">
      {children}
    </p>
  );
}

/** The server's message when it sent one (ApiError), else the form's own fallback text. */
export function useSaveError(fallback: string) {
  const [error, setError] = useState<string | null>(null);
  const attempt = useCallback(
    async (save: () => Promise<void>) => {
      setError(null);
      try {
        await save();
      } catch (err) {
        setError(err instanceof ApiError ? err.message : fallback);
      }
    },
    [fallback],
  );
  return { error, setError, attempt };
}

/** The ids a field needs for its hint and error, and the error paragraph itself. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {message}
    </p>
  );
}
