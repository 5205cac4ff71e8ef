import { Clock, Crown, Sparkles } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { freeDaysLeft, hasActiveSubscription } from '../../../lib/subscription';
import { buttonStyles } from '@clima/web-kit/button';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSubscribe } from '../../subscription/hooks/use-subscribe';

const m = messages.banners;

/** Free-period line of spec section 4: '' when nothing is left. */
export function freePeriodText(daysLeft: number): string {
  if (daysLeft <= 0) return '';
  return daysLeft === 1 ? m.lastDay : m.daysLeft(daysLeft);
}

interface BannerTexts {
  premiumTitle?: string;
  premiumText?: string;
  subscribeTitle?: string;
  subscribeText?: string;
}

/** A slim PREMIUM mark for subscribers; subscribe call to action with the free-period days for others. */
export function SubscriberBanner(texts: BannerTexts) {
  const { user } = useAuth();
  const subscribe = useSubscribe();
  if (!user) return null;

  if (hasActiveSubscription(user)) {
    // no banner telling subscribers they are subscribed (issue 25): a slim PREMIUM mark, the header's PRO badge says the rest
    return (
      <p
        className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-extrabold tracking-widest text-amber-950 ring-1 ring-amber-300"
        title={texts.premiumText ?? m.premiumText}
      >
        <Crown className="size-3.5" aria-hidden />
        {texts.premiumTitle ?? m.premiumTitle}
      </p>
    );
  }

  const daysText = freePeriodText(freeDaysLeft(user.subscription_expires_at));
  return (
    <section className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-sky-700 to-cyan-600 px-5 py-5 text-white shadow-sm sm:flex-row sm:items-center">
      <span className="hidden size-11 shrink-0 place-items-center rounded-xl bg-white/15 sm:grid">
        <Sparkles className="size-6" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold">{texts.subscribeTitle ?? m.subscribeTitle}</p>
        <p className="text-sm text-sky-50">{texts.subscribeText ?? m.subscribeText}</p>
        {daysText && (
          <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold">
            <Clock className="size-3.5" aria-hidden />
            {daysText}
          </p>
        )}
      </div>
      <button type="button" onClick={subscribe} className={`${buttonStyles.accent} shrink-0`}>
        {m.subscribeAction}
      </button>
    </section>
  );
}
