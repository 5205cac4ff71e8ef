import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { Modal } from '@clima/web-kit/modal';

const m = messages.manuals;

/** 'Manual Cadastrado!' after a create or an update (spec 2.14). */
export function ManualSuccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={m.success.title} closeLabel={messages.common.close} size="sm">
      <div className="flex flex-col items-center text-center">
        <span className="grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircle2 className="size-8" aria-hidden />
        </span>
        <p className="mt-4 text-sm text-slate-600">{m.success.text}</p>
        <button type="button" onClick={onClose} className={`${buttonStyles.primary} mt-6 w-full`} data-autofocus>
          {m.success.action}
        </button>
      </div>
    </Modal>
  );
}

/** 'Erro no Cadastro' with the message of spec section 8 and 'Tentar Novamente'. */
export function ManualErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal open={message !== null} onClose={onClose} title={m.error.title} closeLabel={messages.common.close} size="sm">
      <div className="flex flex-col items-center text-center">
        <span className="grid size-14 place-items-center rounded-full bg-red-50 text-red-600">
          <AlertCircle className="size-8" aria-hidden />
        </span>
        <p className="mt-4 text-sm text-slate-700" role="alert">
          {message}
        </p>
        <button type="button" onClick={onClose} className={`${buttonStyles.primary} mt-6 w-full`} data-autofocus>
          {m.error.retry}
        </button>
      </div>
    </Modal>
  );
}
