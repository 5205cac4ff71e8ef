import { MailCheck, MailWarning, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles } from '@clima/web-kit/button';
import { PageSpinner } from '@clima/web-kit/spinner';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { useVerifyEmail } from '../hooks/use-recovery';
import { RecoveryCard } from './recovery-card';
import { ResendVerificationButton } from './resend-verification-button';

const m = messages.recovery;

/** /verificar-email?token=… — the page the verification e-mail links to: confirms at once. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAuth();
  const { openSignIn } = useSignInDialog();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sent = useRef<string | null>(null);
  const [resent, setResent] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // a link works once: one request per token, even when effects run twice
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (token && (verify.isIdle || verify.isPending)) return <PageSpinner label={m.verifying} />;

  if (verify.isSuccess) {
    return (
      <RecoveryCard icon={<MailCheck className="size-7" aria-hidden />} title={m.verifiedTitle} text={m.verifiedText(verify.data.email)}>
        <Link to="/" className={`${buttonStyles.primary} w-full py-3`}>
          {m.goHome}
        </Link>
      </RecoveryCard>
    );
  }

  const error = !token ? m.invalidLink : verify.error instanceof ApiError ? verify.error.message : m.verifyFailed;
  const canResend = user !== null && (!user.email_verified || user.pending_email !== null);
  return (
    <RecoveryCard icon={<MailWarning className="size-7" aria-hidden />} title={m.verifyFailedTitle}>
      <div className="space-y-4">
        <Alert tone="error">{error}</Alert>
        {resent && <Alert tone={resent.tone}>{resent.text}</Alert>}
        {canResend && <ResendVerificationButton className={`${buttonStyles.primary} w-full py-3`} onResult={(tone, text) => setResent({ tone, text })} />}
        {/* a visitor signs in first: then 'Reenviar e-mail' appears here (issue 25: 'Peça um novo' had no button) */}
        {!user && (
          <button type="button" onClick={() => openSignIn('login')} className={`${buttonStyles.primary} w-full py-3`}>
            <RotateCcw className="size-4" aria-hidden />
            {m.requestNewLink}
          </button>
        )}
        <Link to="/" className={`${buttonStyles.secondary} w-full`}>
          {m.goHome}
        </Link>
      </div>
    </RecoveryCard>
  );
}
