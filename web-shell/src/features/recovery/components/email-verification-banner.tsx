import type { Me } from '@clima/contract/auth';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { ResendVerificationButton } from './resend-verification-button';

const m = messages.recovery;

/** 'Confirme seu e-mail' under the header for a signed-in user whose e-mail was never proven. */
export default function EmailVerificationBanner({ user }: { user: Me }) {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  return (
    <section aria-label={m.bannerTitle} className="border-b border-amber-200 bg-amber-50" data-testid="email-verification-banner">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
          <div className="min-w-0">
            <p className="text-sm font-semibold text-amber-950">{m.bannerTitle}</p>
            <p className="text-sm break-words text-amber-900">{m.bannerText(user.email)}</p>
            {result && (
              <p role={result.tone === 'error' ? 'alert' : 'status'} className={`mt-1 text-sm font-medium ${result.tone === 'error' ? 'text-red-700' : 'text-emerald-700'}`}>
                {result.text}
              </p>
            )}
          </div>
        </div>
        <ResendVerificationButton
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-xl border border-amber-300 bg-white px-4 py-2 text-sm font-semibold text-amber-900 transition-colors hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:cursor-not-allowed disabled:opacity-60"
          onResult={(tone, text) => setResult({ tone, text })}
        />
      </div>
    </section>
  );
}
