import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordBody } from '@clima/contract/auth';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { useTimedMessage } from '../../../shared/hooks/use-timed-message';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, labelStyles } from '@clima/web-kit/button';
import { PasswordInput } from '@clima/web-kit/password-input';
import { useChangePassword } from '../hooks/use-change-password';

const m = messages.profile;

// The contract carries the server's rules and their texts; the confirmation is a client-only check.
const schema = PasswordBody.extend({ confirmPassword: z.string() }).refine((d) => d.newPassword === d.confirmPassword, {
  message: m.newDiffer,
  path: ['confirmPassword'],
});
type Values = z.input<typeof schema>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const ORDER = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

function firstError(errors: FieldErrors<Values>): string {
  for (const key of ORDER) {
    const text = errors[key]?.message;
    if (text) return text;
  }
  return m.passwordFailed;
}

export function ChangePasswordForm() {
  const change = useChangePassword();
  const { message, show } = useTimedMessage();
  const [visible, setVisible] = useState({ currentPassword: false, newPassword: false, confirmPassword: false });
  const ids = { currentPassword: useId(), newPassword: useId(), confirmPassword: useId(), hint: useId() };
  const { register, handleSubmit, reset, formState } = useForm<Values>({ defaultValues: EMPTY, resolver: zodResolver(schema) });

  const onValid = async (values: Values) => {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      reset(EMPTY);
      show('success', m.passwordChanged);
    } catch (err) {
      show('error', err instanceof ApiError ? err.message : m.passwordFailed);
    }
  };

  const fields = [
    { key: 'currentPassword', label: m.currentPassword, autoComplete: 'current-password' },
    { key: 'newPassword', label: m.newPassword, autoComplete: 'new-password' },
    { key: 'confirmPassword', label: m.confirmNewPassword, autoComplete: 'new-password' },
  ] as const;

  return (
    <form noValidate onSubmit={handleSubmit(onValid, (errors) => show('error', firstError(errors)))} className="space-y-5">
      {fields.map(({ key, label, autoComplete }) => (
        <div key={key}>
          <label htmlFor={ids[key]} className={labelStyles}>
            {label}
          </label>
          <PasswordInput
            id={ids[key]}
            autoComplete={autoComplete}
            visible={visible[key]}
            onToggleVisible={() => setVisible((v) => ({ ...v, [key]: !v[key] }))}
            aria-invalid={Boolean(formState.errors[key])}
            aria-describedby={key === 'newPassword' ? ids.hint : undefined}
            {...register(key)}
          />
          {key === 'newPassword' && (
            <p id={ids.hint} className="mt-1.5 text-xs text-slate-500">
              {m.passwordHint}
            </p>
          )}
        </div>
      ))}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <button type="submit" disabled={change.isPending} className={`${buttonStyles.primary} w-full sm:w-auto`}>
        <KeyRound className="size-4" aria-hidden />
        {change.isPending ? m.changing : m.changePassword}
      </button>
    </form>
  );
}
