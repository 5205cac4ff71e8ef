import { AlertCircle, Lightbulb } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { Modal } from '@clima/web-kit/modal';

const m = messages.contents;

export interface ContentFailure {
  title: string;
  text: string;
  /** The server's error text or the fallback of spec section 8. */
  message: string;
  /** Create and update failures carry the tip about required fields and the video URL. */
  tip: boolean;
}

/** The error dialog of spec section 8 (admin contents), closed by 'Tentar Novamente'. */
export function ContentErrorDialog({ failure, onClose }: { failure: ContentFailure | null; onClose: () => void }) {
  return (
    <Modal open={failure !== null} onClose={onClose} title={failure?.title ?? ''} closeLabel={messages.common.close} size="sm">
      {failure && (
        <div className="flex flex-col items-center text-center" role="alert">
          <span className="grid size-14 place-items-center rounded-full bg-red-50 text-red-600">
            <AlertCircle className="size-8" aria-hidden />
          </span>
          <p className="mt-4 font-semibold text-slate-900">{failure.text}</p>
          <p className="mt-1 text-sm text-slate-700" data-testid="content-error-message">
            {failure.message || m.errorDefault}
          </p>
          {failure.tip && (
            <p className="mt-4 flex items-start gap-2 rounded-xl bg-amber-50 p-3.5 text-left text-sm text-amber-900 ring-1 ring-amber-200">
              <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
              {m.errorTip}
            </p>
          )}
          <button type="button" onClick={onClose} className={`${buttonStyles.primary} mt-6 w-full`} data-autofocus>
            {m.retry}
          </button>
        </div>
      )}
    </Modal>
  );
}
