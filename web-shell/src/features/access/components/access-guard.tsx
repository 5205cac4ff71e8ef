import type { ReactNode } from 'react';
import { messages } from '../../../i18n/messages';
import { hasActiveSubscription } from '../../../lib/subscription';
import { PageSpinner } from '@clima/web-kit/spinner';
import { useAuth } from '../../auth/hooks/use-auth';
import { AccessRestricted, SubscriptionRequired } from './access-gates';

/**
 * Renders children only for the right audience: a spinner while the session loads, 'Acesso Restrito'
 * for anonymous visitors, and (with `subscriber`) 'Assinatura Necessária' without an active plan; with
 * `preview`, what the screen offers is shown beneath either.
 */
export function AccessGuard({
  subscriber = false,
  restrictedText,
  preview,
  children,
}: {
  subscriber?: boolean;
  restrictedText?: string;
  /** The visitor's first look beneath 'Acesso Restrito' (issue 25): public data only. */
  preview?: ReactNode;
  children: ReactNode;
}) {
  const { user, isPending } = useAuth();
  if (isPending) return <PageSpinner label={messages.common.loading} />;
  const beneath = preview && (
    <section aria-label={messages.gates.previewLabel} className="mt-4" data-testid="visitor-preview">
      {preview}
    </section>
  );
  if (!user)
    return (
      <>
        <AccessRestricted text={restrictedText} />
        {beneath}
      </>
    );
  if (subscriber && !hasActiveSubscription(user))
    return (
      <>
        <SubscriptionRequired />
        {beneath}
      </>
    );
  return <>{children}</>;
}
