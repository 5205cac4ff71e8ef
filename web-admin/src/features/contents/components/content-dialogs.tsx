import { AlertTriangle, CheckCircle2, Lightbulb } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';

const m = messages.contents;

export interface ContentFailure {
  title: string;
  text: string;
  /** The server's error text or the fallback of spec section 8. */
  message: string;
  /** Create and update failures carry the tip about required fields and the video URL. */
  tip: boolean;
}

/** 'Conteúdo Criado!' / 'Conteúdo Atualizado!' (spec section 8). */
export function ContentSavedDialog({ saved, onClose }: { saved: { kind: 'created' | 'updated'; title: string; published: boolean } | null; onClose: () => void }) {
  return (
    <Modal open={saved !== null} onClose={onClose} title={saved?.kind === 'updated' ? m.updatedTitle : m.createdTitle} closeLabel={messages.common.close} size="sm">
      {saved && (
        <div className="space-y-5">
          <div className="flex items-start gap-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-800 ring-1 ring-emerald-200">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
            <div>
              <p className="font-semibold">{saved.title}</p>
              <p className="mt-1">{saved.published ? m.savedPublished : m.savedDraft}</p>
            </div>
          </div>
          <button type="button" onClick={onClose} className={`${buttonStyles.primary} w-full`} data-autofocus>
            {m.continue}
          </button>
        </div>
      )}
    </Modal>
  );
}

/** The error dialog of spec section 8 (admin contents), closed by 'Tentar Novamente'. */
export function ContentErrorDialog({ failure, onClose }: { failure: ContentFailure | null; onClose: () => void }) {
  return (
    <Modal open={failure !== null} onClose={onClose} title={failure?.title ?? ''} closeLabel={messages.common.close} size="sm">
      {failure && (
        <div className="space-y-4" role="alert">
          <div className="flex items-start gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
            <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
            <div>
              <p className="font-semibold">{failure.text}</p>
              <p className="mt-1" data-testid="content-error-message">
                {failure.message || m.errorDefault}
              </p>
            </div>
          </div>
          {failure.tip && (
            <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3.5 text-sm text-amber-900 ring-1 ring-amber-200">
              <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
              {m.errorTip}
            </p>
          )}
          <button type="button" onClick={onClose} className={`${buttonStyles.primary} w-full`} data-autofocus>
            {m.retry}
          </button>
        </div>
      )}
    </Modal>
  );
}
