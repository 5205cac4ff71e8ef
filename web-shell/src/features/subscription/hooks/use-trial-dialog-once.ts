import { useEffect } from 'react';
import { useLocation } from '@clima/router';
import { hasActiveSubscription } from '../../../lib/subscription';
import { useAuth } from '../../auth/hooks/use-auth';
import { TRIAL_DIALOG_SESSION_KEY } from '../subscribe-dialog-context';

/**
 * Where the dialog never opens by itself: the authentication return (spec 2.4), the plans page (it
 * already shows the plans, and the checkout returns there) and the admin panel.
 */
function autoOpenAllowed(pathname: string): boolean {
  return pathname !== '/auth/callback' && pathname !== '/subscription' && pathname !== '/admin' && !pathname.startsWith('/admin/');
}

function alreadyShown(): boolean {
  try {
    return window.sessionStorage.getItem(TRIAL_DIALOG_SESSION_KEY) !== null;
  } catch {
    return true; // storage blocked: never pester
  }
}

function mark(shown: boolean): void {
  try {
    if (shown) window.sessionStorage.setItem(TRIAL_DIALOG_SESSION_KEY, '1');
    else window.sessionStorage.removeItem(TRIAL_DIALOG_SESSION_KEY);
  } catch {
    // storage blocked: alreadyShown() answers true anyway
  }
}

const anotherDialogOpen = () => document.querySelector('[aria-modal="true"]') !== null;

/**
 * Opens the trial/checkout dialog once per browser session for a signed-in user whose subscription is
 * not active. The session is marked as soon as the decision is taken, and the dialog waits until no
 * other dialog is open (e.g. the sign-in dialog that is closing after a successful sign-in).
 */
export function useTrialDialogOnce(open: () => void): void {
  const { user, isPending } = useAuth();
  const { pathname } = useLocation();
  const eligible = !isPending && user !== null && !hasActiveSubscription(user) && autoOpenAllowed(pathname);

  useEffect(() => {
    if (!eligible || alreadyShown()) return;
    mark(true);
    let opened = false;
    let timer: number | undefined;
    const openWhenFree = () => {
      if (anotherDialogOpen()) {
        timer = window.setTimeout(openWhenFree, 150);
      } else {
        opened = true;
        open();
      }
    };
    openWhenFree();
    return () => {
      window.clearTimeout(timer);
      // Left before it could open (e.g. went to the plans page): the next eligible screen shows it.
      if (!opened) mark(false);
    };
  }, [eligible, open]);
}
