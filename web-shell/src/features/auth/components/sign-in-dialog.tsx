import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD } from '@clima/contract/auth';
import { TRIAL_DAYS } from '@clima/contract/billing';
import { Lock, Mail, User } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { messages } from '../../../i18n/messages';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { Modal } from '@clima/web-kit/modal';
import { PasswordInput } from '@clima/web-kit/password-input';
import { ForgotPasswordForm } from '../../recovery/components/forgot-password-form';
import { mapAuthError, registerRequest, signInRequest } from '../api/auth-api';
import { useSignInProviders } from '../hooks/use-sign-in-providers';
import { useAuth } from '../hooks/use-auth';
import type { AuthMode } from '../sign-in-dialog-context';

const m = messages.auth;
const r = messages.recovery;

// Client-side checks of spec section 5, in its order; the server re-checks with the shared contract.
const registerSchema = z
  .object({
    name: z.string().trim().min(1, m.nameRequired),
    email: z.string().trim().min(1, m.emailRequired),
    password: z.string().min(MIN_PASSWORD, m.passwordMin),
    confirmPassword: z.string(),
  })
  .refine((d) => d.password === d.confirmPassword, { message: m.passwordsDiffer, path: ['confirmPassword'] });

const loginSchema = z.object({
  name: z.string(),
  email: z.string().trim().min(1, m.emailRequired),
  password: z.string().min(1, m.passwordRequired),
  confirmPassword: z.string(),
});

type FormValues = z.input<typeof registerSchema>;
const registerResolver = zodResolver(registerSchema) as unknown as Resolver<FormValues>;
const loginResolver = zodResolver(loginSchema) as unknown as Resolver<FormValues>;
const FIELD_ORDER = ['name', 'email', 'password', 'confirmPassword'] as const;
const EMPTY: FormValues = { name: '', email: '', password: '', confirmPassword: '' };

function firstError(errors: FieldErrors<FormValues>): string | undefined {
  for (const field of FIELD_ORDER) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return undefined;
}

function Field({ id, label, icon, children }: { id: string; label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelStyles}>
        <span className="inline-flex items-center gap-1.5">
          {icon}
          {label}
        </span>
      </label>
      {children}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden>
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4Z" />
    </svg>
  );
}

export default function SignInDialog({ open, initialMode, onClose }: { open: boolean; initialMode: AuthMode; onClose: () => void }) {
  const { fetchUser, redirectToLogin } = useAuth();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);
  const [forgotEmail, setForgotEmail] = useState('');
  const ids = { name: useId(), email: useId(), password: useId(), confirm: useId() };

  const modeRef = useRef(mode);
  modeRef.current = mode;
  const form = useForm<FormValues>({
    defaultValues: EMPTY,
    // One resolver that follows the current mode (the form instance lives across mode switches).
    resolver: (values, context, options) =>
      (modeRef.current === 'register' ? registerResolver : loginResolver)(values, context, options),
    shouldFocusError: true,
  });
  const { register, handleSubmit, reset, formState } = form;

  const clearAll = (nextMode: AuthMode) => {
    setMode(nextMode);
    setForgotEmail('');
    reset(EMPTY);
    setError(null);
    setShowPassword(false);
    setShowConfirm(false);
  };

  // Each opening starts clean, in the mode the caller asked for.
  const clearAllRef = useRef(clearAll);
  clearAllRef.current = clearAll;
  useEffect(() => {
    if (open) clearAllRef.current(initialMode);
  }, [open, initialMode]);

  const onValid = async (values: FormValues) => {
    setError(null);
    setProcessing(true);
    try {
      if (mode === 'register') {
        await registerRequest({ name: values.name.trim(), email: values.email.trim(), password: values.password });
      } else {
        await signInRequest(values.email.trim(), values.password);
      }
      await fetchUser();
      setProcessing(false);
      onClose();
    } catch (err) {
      setProcessing(false);
      setError(mapAuthError(err instanceof Error ? err.message : '', mode === 'register' ? 'register' : 'login'));
    }
  };

  const providers = useSignInProviders();
  const onGoogle = async () => {
    setError(null);
    try {
      await redirectToLogin();
    } catch {
      setError(m.googleFailed);
    }
  };

  const isRegister = mode === 'register';
  const fieldError = (name: keyof FormValues) => Boolean(formState.errors[name]);

  if (mode === 'forgot') {
    return (
      <Modal open={open} onClose={onClose} title={r.forgotTitle} description={r.forgotSubtitle} closeLabel={messages.common.close}>
        <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => clearAll('login')} />
      </Modal>
    );
  }

  // the e-mail typed so far goes along to the 'Esqueci minha senha' view
  const openForgot = () => {
    const typed = form.getValues('email').trim();
    clearAll('forgot');
    setForgotEmail(typed);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={isRegister ? m.registerTitle : m.loginTitle}
      description={isRegister ? m.registerSubtitle(TRIAL_DAYS) : m.loginSubtitle}
      closeLabel={messages.common.close}
    >
      <form
        noValidate
        onSubmit={handleSubmit(onValid, (errors) => setError(firstError(errors) ?? null))}
        className="space-y-4"
        aria-label={isRegister ? m.registerTitle : m.loginTitle}
      >
        {isRegister && (
          <Field id={ids.name} label={m.name} icon={<User className="size-3.5 text-slate-400" aria-hidden />}>
            <input
              id={ids.name}
              autoComplete="name"
              placeholder={m.namePlaceholder}
              aria-invalid={fieldError('name')}
              className={inputStyles}
              {...register('name')}
            />
          </Field>
        )}
        <Field id={ids.email} label={m.email} icon={<Mail className="size-3.5 text-slate-400" aria-hidden />}>
          <input
            id={ids.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={m.emailPlaceholder}
            aria-invalid={fieldError('email')}
            className={inputStyles}
            {...register('email')}
          />
        </Field>
        <Field id={ids.password} label={m.password} icon={<Lock className="size-3.5 text-slate-400" aria-hidden />}>
          <PasswordInput
            id={ids.password}
            autoComplete={isRegister ? 'new-password' : 'current-password'}
            visible={showPassword}
            onToggleVisible={() => setShowPassword((v) => !v)}
            aria-invalid={fieldError('password')}
            {...register('password')}
          />
          {!isRegister && (
            <p className="mt-1.5 text-right">
              <button type="button" onClick={openForgot} className="text-sm font-medium text-sky-700 underline-offset-2 hover:underline">
                {r.forgotLink}
              </button>
            </p>
          )}
        </Field>
        {isRegister && (
          <Field id={ids.confirm} label={m.confirmPassword} icon={<Lock className="size-3.5 text-slate-400" aria-hidden />}>
            <PasswordInput
              id={ids.confirm}
              autoComplete="new-password"
              visible={showConfirm}
              onToggleVisible={() => setShowConfirm((v) => !v)}
              aria-invalid={fieldError('confirmPassword')}
              {...register('confirmPassword')}
            />
          </Field>
        )}

        {error && <Alert tone="error">{error}</Alert>}

        <button type="submit" disabled={processing} className={`${buttonStyles.primary} w-full py-3`}>
          {processing ? m.processing : isRegister ? m.submitRegister : m.submitLogin}
        </button>
      </form>

      {/* only where Google sign-in is configured (issue 25: it failed with a generic error) */}
      {providers.data?.google && (
        <>
          <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            {m.or}
            <span className="h-px flex-1 bg-slate-200" />
          </div>

          <button type="button" onClick={() => void onGoogle()} disabled={processing} className={`${buttonStyles.secondary} w-full py-3`}>
            <GoogleMark />
            {m.google}
          </button>
        </>
      )}

      <p className="mt-5 text-center text-sm text-slate-600">
        {isRegister ? m.switchToLogin : m.switchToRegister}{' '}
        <button
          type="button"
          onClick={() => clearAll(isRegister ? 'login' : 'register')}
          className="font-semibold text-sky-700 underline-offset-2 hover:underline"
        >
          {isRegister ? m.switchToLoginAction : m.switchToRegisterAction}
        </button>
      </p>
    </Modal>
  );
}
