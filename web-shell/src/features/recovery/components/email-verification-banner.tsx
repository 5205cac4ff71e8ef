import type { Me } from '@clima/contract/auth';
import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { ResendVerificationButton } from './resend-verification-button';

const m = messages.recovery;

/** The browser session's note that this user put the banner away (it comes back on the next visit). */
const DISMISSED_KEY = 'clima.verificationBannerDismissed';

function dismissedFor(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
}

/**
 * 'Confirme seu e-mail' under the header for a signed-in user whose e-mail was never proven: one slim
 * line (issue 25: it took 180 px of a phone on every page), with 'Reenviar e-mail' and a dismiss button.
 */
export default function EmailVerificationBanner({ user }: { user: Me }) {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [dismissed, setDismissed] = useState(() => dismissedFor(user.id));
  if (dismissed) return null;
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, user.id);
    } catch {
      // private mode: dismissed until the next page load
    }
    setDismissed(true);
  };
  return (
    <section aria-label={m.bannerTitle} className="border-b border-amber-200 bg-amber-50" data-testid="email-verification-banner">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5 sm:px-6">
        <MailWarning className="size-4 shrink-0 text-amber-700" aria-hidden />
        <p className="min-w-0 flex-1 text-xs break-words text-amber-950 sm:text-sm">
          <strong className="font-semibold">{m.bannerTitle}</strong>
          {/* one line on a phone: the explanation (with the address) from the small-tablet width up */}
          <span className="hidden sm:inline"> · {m.bannerText(user.email)}</span>
        </p>
        <ResendVerificationButton
          className="inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 text-xs font-semibold text-amber-950 underline underline-offset-2 transition-colors hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-700 disabled:cursor-not-allowed disabled:no-underline disabled:opacity-70 sm:text-sm"
          onResult={(tone, text) => setResult({ tone, text })}
        />
        <button
          type="button"
          onClick={dismiss}
          aria-label={m.dismissBanner}
          className="grid size-11 shrink-0 place-items-center rounded-lg text-amber-900 hover:bg-amber-100 sm:size-9"
        >
          <X className="size-4" aria-hidden />
        </button>
        {/* live regions present from the start, so screen readers announce what arrives in them */}
        <p role="status" className="w-full text-xs font-medium text-emerald-800 empty:hidden sm:text-sm">
          {result?.tone === 'success' ? result.text : ''}
        </p>
        <p role="alert" className="w-full text-xs font-medium text-red-700 empty:hidden sm:text-sm">
          {result?.tone === 'error' ? result.text : ''}
        </p>
      </div>
    </section>
  );
}
