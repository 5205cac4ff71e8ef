import { AlertCircle, AlertTriangle, CheckCircle2, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { buttonStyles, inputStyles, labelStyles } from './button';
import { kitMessages } from './kit-messages';
import { Modal } from './modal';

const m = kitMessages.deleteDialog;
const CONFIRM_WORD = 'excluir';

export interface DeleteConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** Resolves on success (the dialog closes); a rejection keeps the dialog open. Gets the word as typed. */
  onConfirm: (typed: string) => Promise<void>;
  title?: string;
  /** What is being deleted and what that means, shown above the standard warning. */
  description?: ReactNode;
  /** More the deletion needs (a password field…), shown below the typed confirmation. */
  children?: ReactNode;
  /** False while what `children` asks for is missing (the button stays disabled). */
  canConfirm?: boolean;
  /** Why the last attempt failed, shown above the buttons. */
  error?: string | null;
}

/** Deletion typed-confirmation dialog (spec sections 4 and 5). */
export function DeleteConfirmDialog({ open, onClose, onConfirm, title = m.title, description, children, canConfirm = true, error }: DeleteConfirmDialogProps) {
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const valid = text.toLowerCase() === CONFIRM_WORD;

  const close = () => {
    if (deleting) return; // Cancel is blocked while deleting.
    setText('');
    onClose();
  };

  const confirm = async () => {
    if (!valid || !canConfirm || deleting) return;
    setDeleting(true);
    try {
      await onConfirm(text);
      setText('');
      setDeleting(false);
      onClose();
    } catch (err) {
      console.error(err);
      setDeleting(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title={title} dismissible={!deleting} closeLabel={kitMessages.close} size="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        className="space-y-4"
      >
        {description && <div className="text-sm text-slate-600">{description}</div>}
        <div className="flex gap-3 rounded-xl bg-red-50 p-3.5 text-sm text-red-800 ring-1 ring-red-200">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
          <p>{m.warning}</p>
        </div>
        <div>
          <label htmlFor={inputId} className={labelStyles}>
            {m.typeToConfirm}
          </label>
          <input
            id={inputId}
            data-autofocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            disabled={deleting}
            placeholder={m.placeholder}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-describedby={text ? hintId : undefined}
            aria-invalid={text !== '' && !valid}
            className={inputStyles}
          />
          {text !== '' && (
            <p
              id={hintId}
              className={`mt-1.5 flex items-center gap-1.5 text-sm ${valid ? 'text-emerald-700' : 'text-red-600'}`}
              aria-live="polite"
            >
              {valid && <CheckCircle2 className="size-4" aria-hidden />}
              {valid ? m.validText : m.wrongText}
            </p>
          )}
        </div>
        {children}
        {error && (
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm text-red-700 ring-1 ring-red-200">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{error}</span>
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} disabled={deleting} className={buttonStyles.secondary}>
            {m.cancel}
          </button>
          <button type="submit" disabled={!valid || !canConfirm || deleting} className={buttonStyles.danger}>
            <Trash2 className="size-4" aria-hidden />
            {deleting ? m.confirming : m.confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
