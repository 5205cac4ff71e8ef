import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileBody, type Me } from '@clima/contract/auth';
import { Save } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { isEmailAccount } from '../../../lib/subscription';
import { useTimedMessage } from '../../../shared/hooks/use-timed-message';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { useAuth } from '../../auth/hooks/use-auth';
import { ResendVerificationButton } from '../../recovery/components/resend-verification-button';
import { useUpdateProfile } from '../hooks/use-update-profile';

const m = messages.profile;
const r = messages.recovery;

type Values = { name: string; email: string };

export function PersonalInfoForm({ user }: { user: Me }) {
  const { fetchUser } = useAuth();
  const update = useUpdateProfile();
  const { message, show } = useTimedMessage();
  const nameId = useId();
  const emailId = useId();
  const emailNoteId = useId();
  const pendingId = useId();
  const googleAccount = !isEmailAccount(user);

  const { register, handleSubmit, formState } = useForm<Values>({
    // a change waiting for its link shows the new address: saving the name again keeps that request
    defaultValues: { name: user.name ?? user.google_user_data?.name ?? '', email: user.pending_email ?? user.email },
    resolver: zodResolver(ProfileBody),
  });

  const onValid = async (values: ProfileBody) => {
    try {
      // Google accounts cannot change their e-mail: always send the one we have.
      const answer = await update.mutateAsync({ name: values.name, email: googleAccount ? user.email : values.email });
      // the server says whether a new e-mail now waits for its link
      show('success', answer.message || m.updated);
      // spec 2.13's reload after a save: the session is fetched again in place, so nothing typed
      // elsewhere, the open tab and this message are lost (issue 25: the page used to remount)
      await fetchUser();
    } catch (err) {
      show('error', err instanceof ApiError ? err.message : m.updateFailed);
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, (errors) => show('error', errors.name?.message ?? errors.email?.message ?? m.updateFailed))}
      className="space-y-5"
    >
      <div>
        <label htmlFor={nameId} className={labelStyles}>
          {m.fullName}
        </label>
        <input id={nameId} autoComplete="name" aria-invalid={Boolean(formState.errors.name)} className={inputStyles} {...register('name')} />
      </div>
      <div>
        <label htmlFor={emailId} className={labelStyles}>
          {m.email}
        </label>
        <input
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete="email"
          readOnly={googleAccount}
          aria-readonly={googleAccount}
          aria-describedby={googleAccount ? emailNoteId : user.pending_email ? pendingId : undefined}
          aria-invalid={Boolean(formState.errors.email)}
          className={inputStyles}
          {...register('email')}
        />
        {googleAccount && (
          <p id={emailNoteId} className="mt-1.5 text-xs text-slate-500">
            {m.emailManaged}
          </p>
        )}
        {user.pending_email && (
          <div id={pendingId} className="mt-2 rounded-xl bg-amber-50 px-3.5 py-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="pending-email">
            <p className="font-semibold break-words">{r.pendingEmail(user.pending_email)}</p>
            <p className="mt-0.5">{r.pendingEmailHint}</p>
            <ResendVerificationButton
              className="mt-2.5 inline-flex items-center gap-2 rounded-lg border border-amber-300 bg-white px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:opacity-60"
              onResult={show}
            />
          </div>
        )}
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <button type="submit" disabled={update.isPending} className={`${buttonStyles.primary} w-full sm:w-auto`}>
        <Save className="size-4" aria-hidden />
        {update.isPending ? m.saving : m.save}
      </button>
    </form>
  );
}
