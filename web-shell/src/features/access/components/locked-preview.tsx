import { TRIAL_DAYS } from '@clima/contract/billing';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';

const m = messages.gates;

/**
 * Beneath 'Acesso Restrito' or 'Assinatura Necessária' on a content or course opened from a shared link
 * (issue 25): its title and description (and, as `children`, a course's lessons), with the trial's call.
 * Public data only: the player and the videos stay behind the gate.
 */
export function LockedPreview({ title, description, meta, children }: { title: string; description: string | null; meta?: ReactNode; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-2xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-testid="locked-preview">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">
        <Lock className="size-3.5" aria-hidden />
        {m.lockedLabel}
      </p>
      <h2 className="mt-3 text-2xl font-bold leading-tight text-slate-900" data-testid="locked-preview-title">
        {title}
      </h2>
      {meta && <div className="mt-2 text-sm text-slate-600">{meta}</div>}
      {description && <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-700">{description}</p>}
      {children}
      <div className="mt-6 flex flex-col gap-3 rounded-2xl bg-sky-50 p-5 sm:flex-row sm:items-center sm:justify-between" data-testid="locked-preview-trial">
        <div>
          <p className="font-bold text-sky-900">{m.trialCall(TRIAL_DAYS)}</p>
          <p className="mt-1 text-sm text-slate-700">{m.trialText}</p>
        </div>
        <Link to="/subscription" className={`${buttonStyles.primary} shrink-0`}>
          {m.trialAction}
        </Link>
      </div>
    </article>
  );
}
