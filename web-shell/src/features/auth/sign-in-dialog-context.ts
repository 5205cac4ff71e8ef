import { createContext } from 'react';

export type AuthMode = 'login' | 'register';

export interface SignInDialogContextValue {
  openSignIn: (mode?: AuthMode) => void;
}

export const SignInDialogContext = createContext<SignInDialogContextValue | null>(null);
