import { useCallback, useContext } from 'react';
import { useNavigate } from '@clima/router';
import { hasActiveSubscription } from '../../../lib/subscription';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { SubscribeDialogContext } from '../subscribe-dialog-context';

/**
 * What every "subscribe" button does (banners, the gated manual download): opens the trial/checkout
 * dialog of spec 2.4. A visitor is asked to create an account first; a subscriber goes to the page
 * that manages the subscription.
 */
export function useSubscribe(): () => void {
  const ctx = useContext(SubscribeDialogContext);
  if (!ctx) throw new Error('useSubscribe must be used within a SubscribeDialogProvider');
  const { user } = useAuth();
  const { openSignIn } = useSignInDialog();
  const navigate = useNavigate();
  const { openSubscribe } = ctx;
  return useCallback(() => {
    if (!user) openSignIn('register');
    else if (hasActiveSubscription(user)) navigate('/subscription');
    else openSubscribe();
  }, [user, openSignIn, navigate, openSubscribe]);
}
