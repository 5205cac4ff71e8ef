import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { buttonStyles } from '@clima/web-kit/button';
import { useResendVerification } from '../hooks/use-recovery';

const m = messages.recovery;

/** Seconds before another 'Reenviar e-mail' after one was sent (the mail takes a moment to arrive). */
export const RESEND_COOLDOWN_SECONDS = 60;

/** Counts down from `seconds` once started; 0 when idle. */
function useCooldown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * 'Reenviar e-mail': a new verification link; tells the result through `onResult` (the caller places the
 * message). After a sending it waits RESEND_COOLDOWN_SECONDS, saying so, before it can send again.
 */
export function ResendVerificationButton({
  onResult,
  className = buttonStyles.secondary,
}: {
  onResult: (tone: 'success' | 'error', text: string) => void;
  className?: string;
}) {
  const resend = useResendVerification();
  const [cooldown, startCooldown] = useCooldown();
  const onClick = async () => {
    try {
      const answer = await resend.mutateAsync();
      startCooldown(RESEND_COOLDOWN_SECONDS);
      onResult('success', m.resent(answer.email));
    } catch (err) {
      onResult('error', err instanceof ApiError ? err.message : m.resendFailed);
    }
  };
  return (
    <button type="button" onClick={() => void onClick()} disabled={resend.isPending || cooldown > 0} className={className}>
      <MailCheck className="size-4" aria-hidden />
      {resend.isPending ? m.resending : cooldown > 0 ? m.resendCooldown(cooldown) : m.resend}
    </button>
  );
}
