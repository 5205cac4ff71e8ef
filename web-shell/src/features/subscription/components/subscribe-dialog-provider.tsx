import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTrialDialogOnce } from '../hooks/use-trial-dialog-once';
import { SubscribeDialogContext } from '../subscribe-dialog-context';

// The dialog (plans, checkout calls, the provider's assets) is downloaded only when it opens.
const CheckoutDialog = lazy(() => import('./checkout-dialog'));

/** Holds the trial/checkout dialog of spec 2.4: opened by subscribe buttons, and once per session by itself. */
export function SubscribeDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ open: false, loaded: false });
  const openSubscribe = useCallback(() => setState({ open: true, loaded: true }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const value = useMemo(() => ({ openSubscribe }), [openSubscribe]);

  useTrialDialogOnce(openSubscribe);

  return (
    <SubscribeDialogContext.Provider value={value}>
      {children}
      {state.loaded && (
        <Suspense fallback={null}>
          <CheckoutDialog open={state.open} onClose={close} />
        </Suspense>
      )}
    </SubscribeDialogContext.Provider>
  );
}
