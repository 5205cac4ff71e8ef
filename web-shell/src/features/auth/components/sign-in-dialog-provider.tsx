import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { SignInDialogContext, type AuthMode } from '../sign-in-dialog-context';

// The dialog (and its form and validation code) is downloaded only when someone opens it.
const SignInDialog = lazy(() => import('./sign-in-dialog'));

export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; mode: AuthMode; loaded: boolean }>({
    open: false,
    mode: 'login',
    loaded: false,
  });

  const openSignIn = useCallback((mode: AuthMode = 'login') => setState({ open: true, mode, loaded: true }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const value = useMemo(() => ({ openSignIn }), [openSignIn]);

  return (
    <SignInDialogContext.Provider value={value}>
      {children}
      {state.loaded && (
        <Suspense fallback={null}>
          <SignInDialog open={state.open} initialMode={state.mode} onClose={close} />
        </Suspense>
      )}
    </SignInDialogContext.Provider>
  );
}
