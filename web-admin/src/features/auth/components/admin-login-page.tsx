import { zodResolver } from '@hookform/resolvers/zod';
import { AdminLoginBody } from '@clima/contract/auth';
import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { PasswordInput } from '@clima/web-kit/password-input';
import { PageSpinner } from '@clima/web-kit/spinner';
import { useAdminAuth } from '../hooks/use-admin-auth';

const m = messages.login;

/** /admin — admin login (spec 2.14); a signed-in admin goes straight to the dashboard. */
export function AdminLoginPage() {
  const { admin, loading, login } = useAdminAuth();
  const [failed, setFailed] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [showForgot, setShowForgot] = useState(false);
  const userId = useId();
  const passwordId = useId();
  const forgotId = useId();
  const { register, handleSubmit, formState } = useForm<AdminLoginBody>({
    defaultValues: { username: '', password: '' },
    resolver: zodResolver(AdminLoginBody),
  });

  if (loading) return <PageSpinner label={messages.common.loading} />;
  if (admin) return <Navigate to="/admin/dashboard" replace />;

  const onValid = async (values: AdminLoginBody) => {
    setFailed(false);
    if (!(await login(values))) setFailed(true);
    // On success the admin is set and the redirect above happens on the next render.
  };

  const fieldError = formState.errors.username?.message ?? formState.errors.password?.message;

  return (
    <main className="relative grid min-h-dvh place-items-center overflow-hidden bg-slate-950 px-4 py-10">
      <div className="pointer-events-none absolute -left-40 -top-40 size-[28rem] rounded-full bg-sky-700/30 blur-3xl" aria-hidden />
      <div className="pointer-events-none absolute -bottom-40 -right-32 size-[26rem] rounded-full bg-cyan-500/20 blur-3xl" aria-hidden />
      <div className="relative w-full max-w-sm">
        <div className="rounded-3xl bg-white p-7 shadow-2xl sm:p-8">
          <div className="mb-7 text-center">
            <span className="mx-auto mb-4 grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-sky-600 to-cyan-500 text-white shadow-lg shadow-sky-600/30">
              <ShieldCheck className="size-7" aria-hidden />
            </span>
            <h1 className="text-2xl font-bold text-slate-900">{m.title}</h1>
            <p className="mt-1 text-sm text-slate-500">{m.subtitle}</p>
          </div>
          <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
            <div>
              <label htmlFor={userId} className={labelStyles}>
                {m.username}
              </label>
              <input
                id={userId}
                autoComplete="username"
                autoCapitalize="off"
                aria-invalid={Boolean(formState.errors.username)}
                className={inputStyles}
                {...register('username')}
              />
            </div>
            <div>
              <label htmlFor={passwordId} className={labelStyles}>
                {m.password}
              </label>
              <PasswordInput
                id={passwordId}
                autoComplete="current-password"
                visible={showPassword}
                onToggleVisible={() => setShowPassword((v) => !v)}
                aria-invalid={Boolean(formState.errors.password)}
                {...register('password')}
              />
              <p className="mt-1.5 text-right">
                <button
                  type="button"
                  onClick={() => setShowForgot((v) => !v)}
                  aria-expanded={showForgot}
                  aria-controls={forgotId}
                  className="text-sm font-medium text-sky-700 underline-offset-2 hover:underline"
                >
                  {m.forgot}
                </button>
              </p>
              {showForgot && (
                <div id={forgotId} className="mt-2 space-y-2 rounded-xl bg-sky-50 p-3.5 text-sm text-slate-700 ring-1 ring-sky-200">
                  <p className="flex gap-2">
                    <KeyRound className="mt-0.5 size-4 shrink-0 text-sky-700" aria-hidden />
                    <span>{m.forgotByAdmin}</span>
                  </p>
                  <p>{m.forgotByCli}</p>
                  <code className="block rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs break-words text-slate-100">{m.forgotCommand}</code>
                  <p className="text-slate-600">{m.forgotSiteAccount}</p>
                </div>
              )}
            </div>
            {fieldError && <Alert tone="error">{fieldError}</Alert>}
            {failed && !fieldError && <Alert tone="error">{m.invalid}</Alert>}
            <button type="submit" disabled={formState.isSubmitting} className={`${buttonStyles.primary} w-full py-3`}>
              {formState.isSubmitting ? m.submitting : m.submit}
            </button>
          </form>
        </div>
        <Link to="/" className="mt-6 flex items-center justify-center gap-1.5 text-sm text-slate-300 hover:text-white">
          <ArrowLeft className="size-4" aria-hidden />
          {m.backToSite}
        </Link>
      </div>
    </main>
  );
}
