import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetConfirmBody } from '@clima/contract/auth';
import { KeyRound, LogIn, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useSearchParams } from '@clima/router';
import { z } from 'zod';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, labelStyles } from '@clima/web-kit/button';
import { PasswordInput } from '@clima/web-kit/password-input';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { useConfirmPasswordReset } from '../hooks/use-recovery';
import { RecoveryCard } from './recovery-card';

const m = messages.recovery;

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
  const { fetchUser } = useAuth();
  const { openSignIn } = useSignInDialog();
  const confirm = useConfirmPasswordReset();
  const [error, setError] = useState<string | null>(token ? null : m.invalidLink);
  const [done, setDone] = useState<string | null>(null);
  // expired, used or unknown: only a new link helps
  const [linkDead, setLinkDead] = useState(!token);
  const [visible, setVisible] = useState({ password: false, confirmPassword: false });
  const ids = { password: useId(), confirmPassword: useId(), hint: useId() };
  const { register, handleSubmit, formState } = useForm<Values>({
    defaultValues: { password: '', confirmPassword: '' },
    resolver: zodResolver(schema),
  });

  const onValid = async (values: Values) => {
    setError(null);
    try {
      const answer = await confirm.mutateAsync({ token, password: values.password });
      setDone(answer.message);
      // every session of the account ended: this browser's too, if it had one
      await fetchUser();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : m.resetFailed);
      setLinkDead(err instanceof ApiError && err.status === 400);
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
      {token ? (
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
