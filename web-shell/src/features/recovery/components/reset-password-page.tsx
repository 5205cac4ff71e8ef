import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, PasswordResetConfirmBody } from '@clima/contract/auth';
import { KeyRound, LogIn, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate, useSearchParams } from '@clima/router';
import { z } from 'zod';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, labelStyles } from '@clima/web-kit/button';
import { PasswordInput } from '@clima/web-kit/password-input';
import { PageSpinner } from '@clima/web-kit/spinner';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { takeReturnPath } from '../../auth/return-path';
import { useCheckPasswordReset, useConfirmPasswordReset } from '../hooks/use-recovery';
import { RecoveryCard } from './recovery-card';

const m = messages.recovery;
const DEAD_LINK_MESSAGES: string[] = [AUTH_MESSAGES.linkInvalid, AUTH_MESSAGES.linkExpired];

// the contract's password rule (and its text); the confirmation is a client-only check
const schema = z
  .object({ password: PasswordResetConfirmBody.shape.password, confirmPassword: z.string() })
  .refine((d) => d.password === d.confirmPassword, { message: m.passwordsDiffer, path: ['confirmPassword'] });
type Values = z.input<typeof schema>;

function firstError(errors: FieldErrors<Values>): string | undefined {
  return errors.password?.message ?? errors.confirmPassword?.message;
}

/** /redefinir-senha?token=… — the page the password-reset e-mail links to. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, fetchUser } = useAuth();
  const { openSignIn } = useSignInDialog();
  const navigate = useNavigate();
  // the link is checked as the page opens: a used or expired one says so before any password is typed
  const check = useCheckPasswordReset(token);
  const confirm = useConfirmPasswordReset();
  const [submitError, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // expired, used or unknown: only a new link helps
  const [refused, setLinkDead] = useState(false);
  const linkDead = !token || check.isError || refused;
  const error = submitError ?? (!token ? m.invalidLink : check.isError ? check.error.message : null);

  // 'Senha redefinida!' then 'Entrar': once signed in, on to where the user was heading (home by default)
  useEffect(() => {
    if (done && user) navigate(takeReturnPath() ?? '/', { replace: true });
  }, [done, user, navigate]);
  const [visible, setVisible] = useState({ password: false, confirmPassword: false });
  const ids = { password: useId(), confirmPassword: useId(), hint: useId() };
  const { register, handleSubmit, formState } = useForm<Values>({
    defaultValues: { password: '', confirmPassword: '' },
    resolver: zodResolver(schema),
  });

  const onValid = async (values: Values) => {
    setError(null);
    setLinkDead(false);
    try {
      const answer = await confirm.mutateAsync({ token, password: values.password });
      setDone(answer.message);
      // every session of the account ended: this browser's too, if it had one
      await fetchUser();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : m.resetFailed);
      // a used or expired link needs a new one; a refused password (e.g. too common) does not
      setLinkDead(err instanceof ApiError && DEAD_LINK_MESSAGES.includes(err.message));
    }
  };

  if (done) {
    return (
      <RecoveryCard icon={<KeyRound className="size-7" aria-hidden />} title={m.resetDoneTitle}>
        <div className="space-y-5">
          <Alert tone="success">{done}</Alert>
          <button type="button" onClick={() => openSignIn('login')} className={`${buttonStyles.primary} w-full py-3`}>
            <LogIn className="size-4" aria-hidden />
            {m.signIn}
          </button>
        </div>
      </RecoveryCard>
    );
  }

  const fields = [
    { key: 'password', label: m.newPassword },
    { key: 'confirmPassword', label: m.confirmPassword },
  ] as const;

  return (
    <RecoveryCard icon={<KeyRound className="size-7" aria-hidden />} title={m.resetTitle} text={m.resetSubtitle}>
      {token && check.isPending ? (
        <PageSpinner label={m.checkingLink} />
      ) : token && !linkDead ? (
        <form noValidate onSubmit={handleSubmit(onValid, (errors) => setError(firstError(errors) ?? m.resetFailed))} className="space-y-5">
          {fields.map(({ key, label }) => (
            <div key={key}>
              <label htmlFor={ids[key]} className={labelStyles}>
                {label}
              </label>
              <PasswordInput
                id={ids[key]}
                autoComplete="new-password"
                visible={visible[key]}
                onToggleVisible={() => setVisible((v) => ({ ...v, [key]: !v[key] }))}
                aria-invalid={Boolean(formState.errors[key])}
                aria-describedby={key === 'password' ? ids.hint : undefined}
                {...register(key)}
              />
              {key === 'password' && (
                <p id={ids.hint} className="mt-1.5 text-xs text-slate-500">
                  {m.passwordHint}
                </p>
              )}
            </div>
          ))}
          {error && <Alert tone="error">{error}</Alert>}
          <button type="submit" disabled={confirm.isPending} className={`${buttonStyles.primary} w-full py-3`}>
            <KeyRound className="size-4" aria-hidden />
            {confirm.isPending ? m.resetSaving : m.resetSubmit}
          </button>
        </form>
      ) : (
        error && <Alert tone="error">{error}</Alert>
      )}
      {linkDead && (
        <button type="button" onClick={() => openSignIn('forgot')} className={`${buttonStyles.secondary} mt-4 w-full`}>
          <RotateCcw className="size-4" aria-hidden />
          {m.requestNewLink}
        </button>
      )}
    </RecoveryCard>
  );
}
