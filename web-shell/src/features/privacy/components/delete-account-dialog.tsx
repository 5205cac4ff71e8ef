import type { Me } from '@clima/contract/auth';
import { LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { isEmailAccount } from '../../../lib/subscription';
import { buttonStyles, labelStyles } from '@clima/web-kit/button';
import { DeleteConfirmDialog } from '@clima/web-kit/delete-confirm-dialog';
import { PasswordInput } from '@clima/web-kit/password-input';
import { useAuth } from '../../auth/hooks/use-auth';
import { rememberReturnPath } from '../../auth/return-path';
import { useDeleteAccount } from '../hooks/use-delete-account';

const m = messages.privacy;

/** Where the home page learns that the account it shows the notice for was just deleted. */
export interface AccountDeletedState {
  accountDeleted: true;
}

/**
 * 'Excluir minha conta': the typed-"excluir" dialog plus the proof that the owner is asking — the
 * password, or for a Google account a fresh Google sign-in (the server says when it is missing).
 * On success the local session is cleared and the user goes home, where a notice says what happened.
 */
export function DeleteAccountDialog({ user, open, onClose }: { user: Me; open: boolean; onClose: () => void }) {
  const emailAccount = isEmailAccount(user);
  const del = useDeleteAccount();
  const { logout, redirectToLogin } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // an e-mail account left without a password (taken over by its Google owner) also needs Google
  const [needsGoogle, setNeedsGoogle] = useState(!emailAccount);
  const passwordId = useId();
  const hintId = useId();

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };

  const confirm = async (typed: string) => {
    setError(null);
    try {
      await del.mutateAsync({ confirmation: typed, ...(emailAccount ? { password } : {}) });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : m.deleteFailed);
      if (err instanceof ApiError && err.status === 403) setNeedsGoogle(true);
      throw err;
    }
    await logout();
    navigate('/', { replace: true, state: { accountDeleted: true } satisfies AccountDeletedState });
  };

  const googleAgain = async () => {
    rememberReturnPath('/profile#privacidade');
    try {
      await redirectToLogin();
    } catch {
      setError(m.googleFailed);
    }
  };

  return (
    <DeleteConfirmDialog
      open={open}
      onClose={close}
      onConfirm={confirm}
      title={m.dialogTitle}
      description={m.dialogDescription(user.email)}
      canConfirm={!emailAccount || needsGoogle || password.length > 0}
      error={error}
    >
      {emailAccount && (
        <div>
          <label htmlFor={passwordId} className={labelStyles}>
            {m.password}
          </label>
          <PasswordInput
            id={passwordId}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={del.isPending}
            visible={visible}
            onToggleVisible={() => setVisible((v) => !v)}
            aria-describedby={hintId}
          />
          <p id={hintId} className="mt-1.5 text-xs text-slate-500">
            {m.passwordHint}
          </p>
        </div>
      )}
      {needsGoogle && (
        <div className="space-y-3 rounded-xl bg-sky-50 p-3.5 text-sm text-sky-900 ring-1 ring-sky-200">
          <p>{m.googleReauth}</p>
          <button type="button" onClick={() => void googleAgain()} disabled={del.isPending} className={`${buttonStyles.secondary} w-full sm:w-auto`}>
            <LogIn className="size-4" aria-hidden />
            {m.googleReauthButton}
          </button>
        </div>
      )}
    </DeleteConfirmDialog>
  );
}
