import { lazy, Suspense } from 'react';
import { useAuth } from '../../auth/hooks/use-auth';

// downloaded only by the users who see it
const EmailVerificationBanner = lazy(() => import('./email-verification-banner'));

/** The banner's place in the shell: nothing for anonymous visitors and verified users. */
export function EmailVerificationNotice() {
  const { user } = useAuth();
  if (!user || user.email_verified) return null;
  return (
    <Suspense fallback={null}>
      <EmailVerificationBanner user={user} />
    </Suspense>
  );
}
