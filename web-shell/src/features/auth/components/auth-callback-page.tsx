import { useEffect } from 'react';
import { useNavigate } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { Spinner } from '@clima/web-kit/spinner';
import { useAuth } from '../hooks/use-auth';
import { takeReturnPath } from '../return-path';

/** /auth/callback — no shell; exchanges the code once, then goes to '/' (or the page that asked for the sign-in) whether it worked or not. */
export default function AuthCallbackPage() {
  const { exchangeCodeForSessionToken } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    exchangeCodeForSessionToken()
      .catch((err: unknown) => console.error(err instanceof Error ? err.message : err))
      .finally(() => {
        if (!cancelled) navigate(takeReturnPath() ?? '/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [exchangeCodeForSessionToken, navigate]);

  return (
    <main className="grid min-h-dvh place-items-center bg-gradient-to-b from-sky-50 to-white px-6">
      <div className="flex flex-col items-center gap-4 text-center" role="status" aria-live="polite">
        <Spinner size="lg" label={messages.auth.finishing} />
        <p className="text-lg font-medium text-slate-700">{messages.auth.finishing}</p>
      </div>
    </main>
  );
}
