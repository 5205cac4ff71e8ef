import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetRequestBody } from '@clima/contract/auth';
import { ArrowLeft, Mail, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { useRequestPasswordReset } from '../hooks/use-recovery';

const m = messages.recovery;

/** 'Esqueci minha senha' inside the sign-in dialog: asks for a reset link. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const request = useRequestPasswordReset();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const emailId = useId();
  const hintId = useId();
  const { register, handleSubmit, formState } = useForm<PasswordResetRequestBody>({
    defaultValues: { email: initialEmail },
    resolver: zodResolver(PasswordResetRequestBody),
  });

  const onValid = async (values: PasswordResetRequestBody) => {
    setResult(null);
    try {
      const answer = await request.mutateAsync(values.email);
      setResult({ tone: 'success', text: answer.message });
    } catch (err) {
      setResult({ tone: 'error', text: err instanceof ApiError ? err.message : m.forgotFailed });
    }
  };

  const fieldError = formState.errors.email?.message;

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4" aria-label={m.forgotTitle}>
        <div>
          <label htmlFor={emailId} className={labelStyles}>
            <span className="inline-flex items-center gap-1.5">
              <Mail className="size-3.5 text-slate-400" aria-hidden />
              {messages.auth.email}
            </span>
          </label>
          <input
            id={emailId}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={messages.auth.emailPlaceholder}
            aria-invalid={Boolean(fieldError)}
            aria-describedby={result?.tone === 'success' ? hintId : undefined}
            className={inputStyles}
            {...register('email')}
          />
        </div>
        {fieldError && <Alert tone="error">{fieldError}</Alert>}
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        {result?.tone === 'success' && (
          <p id={hintId} className="text-xs text-slate-500">
            {m.forgotSentHint}
          </p>
        )}
        <button type="submit" disabled={request.isPending} className={`${buttonStyles.primary} w-full py-3`}>
          <Send className="size-4" aria-hidden />
          {request.isPending ? m.forgotSending : m.forgotSubmit}
        </button>
      </form>
      <button type="button" onClick={onBack} className={`${buttonStyles.ghost} w-full`}>
        <ArrowLeft className="size-4" aria-hidden />
        {m.backToLogin}
      </button>
    </div>
  );
}
