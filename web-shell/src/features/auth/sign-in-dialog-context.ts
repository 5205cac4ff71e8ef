import { createContext } from 'react';

/** 'forgot' is the dialog's 'Esqueci minha senha' view (asks for a password-reset link). */
export type AuthMode = 'login' | 'register' | 'forgot';

export interface SignInDialogContextValue {
  openSignIn: (mode?: AuthMode) => void;
}

export const SignInDialogContext = createContext<SignInDialogContextValue | null>(null);
