import { AlertCircle } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { Modal } from '@clima/web-kit/modal';

const m = messages.manuals;

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
