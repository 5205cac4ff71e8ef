import { useContext } from 'react';
import { SignInDialogContext, type SignInDialogContextValue } from '../sign-in-dialog-context';

export function useSignInDialog(): SignInDialogContextValue {
  const ctx = useContext(SignInDialogContext);
  if (!ctx) throw new Error('useSignInDialog must be used within a SignInDialogProvider');
  return ctx;
}
