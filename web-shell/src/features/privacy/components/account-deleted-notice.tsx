import { CheckCircle2, X } from 'lucide-react';
import { useLocation, useNavigate } from '@clima/router';
import { messages } from '../../../i18n/messages';
import type { AccountDeletedState } from './delete-account-dialog';

const m = messages.privacy;

/** Shown once on the page the user lands on after deleting their account. */
export function AccountDeletedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  if (!(location.state as Partial<AccountDeletedState> | null)?.accountDeleted) return null;
  const dismiss = () => navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6 sm:px-6">
      <div role="status" className="flex items-start gap-3 rounded-2xl bg-emerald-50 px-5 py-4 text-emerald-900 ring-1 ring-emerald-200">
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-600" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-bold">{m.deletedTitle}</p>
          <p className="text-sm">{m.deletedText}</p>
        </div>
        <button type="button" onClick={dismiss} aria-label={m.dismiss} className="-m-1 grid size-9 shrink-0 place-items-center rounded-lg text-emerald-700 hover:bg-emerald-100">
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
