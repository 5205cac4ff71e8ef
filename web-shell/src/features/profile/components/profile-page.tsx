import { Crown, Download, HeadphonesIcon, KeyRound, Mail, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from '@clima/router';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { displayName, hasActiveSubscription, isEmailAccount } from '../../../lib/subscription';
import { PageSpinner } from '@clima/web-kit/spinner';
import { AccessRestricted } from '../../access/components/access-gates';
import { useAuth } from '../../auth/hooks/use-auth';
import { MyCertificatesSection } from '../../certificates/components/my-certificates-section';
import { PrivacySection } from '../../privacy/components/privacy-section';
import { ChangePasswordForm } from './change-password-form';
import { PersonalInfoForm } from './personal-info-form';

const m = messages.profile;
type Tab = 'info' | 'password';

function Badge({ tone, children }: { tone: 'premium' | 'muted' | 'info'; children: ReactNode }) {
  const tones = {
    premium: 'bg-amber-100 text-amber-900 ring-amber-300',
    muted: 'bg-slate-100 text-slate-700 ring-slate-200',
    info: 'bg-sky-50 text-sky-800 ring-sky-200',
  } as const;
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ring-1 ${tones[tone]}`}>{children}</span>
  );
}

export default function ProfilePage() {
  const { user, isPending } = useAuth();
  const [tab, setTab] = useState<Tab>('info');
  const baseId = useId();

  if (isPending) return <PageSpinner label={messages.common.loading} />;
  if (!user) return <AccessRestricted text={m.restrictedText} />;

  const emailAccount = isEmailAccount(user);
  const active = hasActiveSubscription(user);
  const tabs: { id: Tab; label: string; icon: typeof UserRound }[] = [
    { id: 'info', label: m.tabInfo, icon: UserRound },
    ...(emailAccount ? [{ id: 'password' as const, label: m.tabPassword, icon: KeyRound }] : []),
  ];
  const current: Tab = emailAccount ? tab : 'info';

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (tabs.length < 2 || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    const next = current === 'info' ? 'password' : 'info';
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{m.title}</h1>
      <section className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
        <div className="h-24 bg-gradient-to-r from-sky-700 via-sky-600 to-cyan-500 sm:h-28" />
        <div className="px-5 pb-6 sm:px-8">
          <div className="-mt-10 flex flex-col gap-3">
            <span className="grid size-20 shrink-0 place-items-center rounded-2xl border-4 border-white bg-gradient-to-br from-sky-500 to-cyan-400 text-3xl font-bold text-white shadow-md">
              {displayName(user).charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <p className="wrap-anywhere text-2xl font-bold text-slate-900">{displayName(user)}</p>
              <p className="wrap-anywhere text-slate-500">{user.email}</p>
            </div>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            {active ? (
              <Badge tone="premium">
                <Crown className="size-3.5" aria-hidden />
                {m.premium}
              </Badge>
            ) : (
              <Badge tone="muted">{m.noSubscription}</Badge>
            )}
            <Badge tone="info">
              <Mail className="size-3.5" aria-hidden />
              {emailAccount ? m.emailAccount : m.googleAccount}
            </Badge>
            {active && user.subscription_expires_at && <Badge tone="muted">{m.expiresOn(formatDate(user.subscription_expires_at))}</Badge>}
            {user.created_at && <Badge tone="muted">{m.memberSince(formatDate(user.created_at))}</Badge>}
          </div>
        </div>
      </section>

      <section className="rounded-3xl border border-slate-200 bg-white shadow-sm">
        <div role="tablist" aria-label={m.tabsLabel} className="flex gap-1 border-b border-slate-200 px-3 pt-3 sm:px-6">
          {tabs.map(({ id, label, icon: Icon }) => (
            <button
              key={id}
              id={`${baseId}-tab-${id}`}
              type="button"
              role="tab"
              aria-selected={current === id}
              aria-controls={`${baseId}-panel-${id}`}
              tabIndex={current === id ? 0 : -1}
              onClick={() => setTab(id)}
              onKeyDown={onTabKey}
              className={`-mb-px flex items-center gap-2 border-b-2 px-3 py-3 text-sm font-semibold transition-colors sm:px-4 ${
                current === id ? 'border-sky-600 text-sky-700' : 'border-transparent text-slate-500 hover:text-slate-800'
              }`}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </button>
          ))}
        </div>
        <div
          id={`${baseId}-panel-${current}`}
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${current}`}
          className="p-5 sm:p-8"
        >
          {current === 'info' ? <PersonalInfoForm key={user.id} user={user} /> : <ChangePasswordForm />}
        </div>
      </section>

      <Link
        to="/downloads"
        className="flex min-h-11 items-center gap-3 rounded-2xl border border-slate-200 bg-white px-5 py-4 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
      >
        <Download className="size-5 text-sky-700" aria-hidden />
        <span>
          <span className="block font-semibold text-slate-900">{messages.downloads.link}</span>
          <span className="block text-sm text-slate-600">{messages.downloads.linkHint}</span>
        </span>
      </Link>
      <MyCertificatesSection />

      <PrivacySection user={user} />

      <div className="grid gap-4 sm:grid-cols-2">
        <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <ShieldCheck className="mb-3 size-6 text-sky-600" aria-hidden />
          <h2 className="font-semibold text-slate-900">{m.privacyTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">{m.privacyText}</p>
        </article>
        <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <HeadphonesIcon className="mb-3 size-6 text-sky-600" aria-hidden />
          <h2 className="font-semibold text-slate-900">{m.supportTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">{m.supportText}</p>
        </article>
      </div>
    </div>
  );
}
