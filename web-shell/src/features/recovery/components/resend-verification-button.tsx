import { MailCheck } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { buttonStyles } from '@clima/web-kit/button';
import { useResendVerification } from '../hooks/use-recovery';

const m = messages.recovery;

/** 'Reenviar e-mail': a new verification link; tells the result through `onResult` (the caller places the message). */
export function ResendVerificationButton({
  onResult,
  className = buttonStyles.secondary,
}: {
  onResult: (tone: 'success' | 'error', text: string) => void;
  className?: string;
}) {
  const resend = useResendVerification();
  const onClick = async () => {
    try {
      const answer = await resend.mutateAsync();
      onResult('success', m.resent(answer.email));
    } catch (err) {
      onResult('error', err instanceof ApiError ? err.message : m.resendFailed);
    }
  };
  return (
    <button type="button" onClick={() => void onClick()} disabled={resend.isPending} className={className}>
      <MailCheck className="size-4" aria-hidden />
      {resend.isPending ? m.resending : m.resend}
    </button>
  );
}
