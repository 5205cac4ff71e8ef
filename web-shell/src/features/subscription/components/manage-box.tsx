import type { BillingSubscription } from '@clima/contract/billing';
import { PAYMENT_METHOD_LABELS, PLANS } from '@clima/contract/billing';
import type { Me } from '@clima/contract/auth';
import { AlertTriangle, CalendarDays, CreditCard, Crown, ExternalLink, Info } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatCents, formatDate } from '../../../lib/format';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles } from '@clima/web-kit/button';
import { Spinner } from '@clima/web-kit/spinner';
import { usePortal } from '../hooks/use-billing';
import { SwitchToCard } from './switch-to-card';

const m = messages.subscription;

function statusOf(s: BillingSubscription): { label: string; tone: string } {
  if (s.cancel_at_period_end) return { label: m.statusCanceling, tone: 'bg-slate-200 text-slate-800' };
  if (s.payment_failed) return { label: m.statusPastDue, tone: 'bg-red-100 text-red-800' };
  if (s.trialing) return { label: m.statusTrialing, tone: 'bg-sky-100 text-sky-800' };
  return { label: m.statusActive, tone: 'bg-emerald-100 text-emerald-800' };
}

/** The date line: end of the grace when a payment is pending, end of access when canceled, first charge in the trial, else the next charge. */
function dateLine(s: BillingSubscription | undefined, user: Me): string {
  if (s?.grace_until) return m.graceUntil(formatDate(s.grace_until));
  // Pix/boleto: the period paid (the next charge, when issued, is shown above the box)
  if (s && isPeriodic(s)) return s.cancel_at_period_end ? m.accessUntil(formatDate(s.current_period_end)) : m.payment.paidUntil(formatDate(s.current_period_end));
  if (!s?.can_manage) {
    const date = formatDate(user.subscription_expires_at);
    return date ? m.validUntil(date) : '';
  }
  const date = formatDate(s.current_period_end);
  if (!date) return '';
  if (s.cancel_at_period_end) return m.accessUntil(date);
  return s.trialing ? m.firstCharge(date) : m.nextCharge(date);
}

const isPeriodic = (s: BillingSubscription) => s.method === 'pix' || s.method === 'boleto';

function Note({ icon: Icon, children }: { icon: typeof Info; children: string }) {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-white/70 px-3.5 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <Icon className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

/** A failed renewal in its grace: until when access lasts, and the way to fix the card (the provider's portal). */
function GraceAlert({ until, onUpdate, leaving }: { until: string; onUpdate: () => void; leaving: boolean }) {
  return (
    <section aria-labelledby="grace-title" className="rounded-2xl bg-red-50 p-4 ring-1 ring-red-200 sm:p-5" data-testid="grace-alert">
      <h3 id="grace-title" className="flex items-center gap-2 font-bold text-red-900">
        <AlertTriangle className="size-5 shrink-0 text-red-700" aria-hidden />
        {m.graceTitle}
      </h3>
      <p className="mt-1.5 text-sm text-red-900">{m.graceText(formatDate(until))}</p>
      <button type="button" onClick={onUpdate} disabled={leaving} className={`${buttonStyles.primary} mt-4 w-full py-3 sm:w-auto`}>
        {leaving ? <Spinner size="sm" /> : <CreditCard className="size-4" aria-hidden />}
        {leaving ? m.redirecting : m.updateCard}
      </button>
    </section>
  );
}

/** Spec 2.10's manage box (only for an active subscription): plan, dates, the provider's portal, cancel. */
export function ManageBox({ user, billing, loading }: { user: Me; billing: BillingSubscription | undefined; loading: boolean }) {
  const portal = usePortal();
  const planId = billing?.plan ?? user.subscription_plan;
  const plan = planId ? PLANS[planId] : null;
  const status = billing ? statusOf(billing) : { label: m.statusActive, tone: 'bg-emerald-100 text-emerald-800' };
  const when = dateLine(billing, user);
  const leaving = portal.isPending || portal.isSuccess;

  return (
    <section aria-labelledby="manage-title" className="mx-auto max-w-3xl rounded-3xl border border-amber-200 bg-gradient-to-br from-amber-50 to-yellow-50 p-6 shadow-sm sm:p-8" data-testid="manage-box">
      <h2 id="manage-title" className="flex items-center gap-2 text-lg font-bold text-amber-950">
        <Crown className="size-5" aria-hidden />
        {m.manageTitle}
      </h2>
      {loading ? (
        <div className="flex justify-center py-8">
          <Spinner size="lg" label={messages.common.loading} />
        </div>
      ) : (
        <>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-sm text-amber-800">{m.planLabel}</p>
              <p className="text-xl font-extrabold text-amber-950" data-testid="manage-plan">
                {plan ? plan.name : '—'}
                {plan && (
                  <span className="ml-2 text-base font-semibold text-amber-800">
                    {formatCents(plan.price_cents)}
                    {plan.interval === 'year' ? m.perYear : m.perMonth}
                  </span>
                )}
              </p>
            </div>
            <span className={`rounded-full px-3 py-1 text-sm font-bold ${status.tone}`} data-testid="manage-status">
              <span className="sr-only">{m.statusLabel}: </span>
              {status.label}
            </span>
          </div>
          {when && (
            <p className="mt-4 flex items-center gap-2 text-base font-semibold text-amber-950" data-testid="manage-date">
              <CalendarDays className="size-5 text-amber-700" aria-hidden />
              {when}
            </p>
          )}
          <div className="mt-4 space-y-2">
            {billing?.cancel_at_period_end && <Note icon={Info}>{m.cancelingNote}</Note>}
            {billing?.trialing && !billing.cancel_at_period_end && billing.current_period_end && (
              <Note icon={Info}>{m.trialNote(formatDate(billing.current_period_end))}</Note>
            )}
            {billing?.grace_until && billing.can_manage && <GraceAlert until={billing.grace_until} onUpdate={() => portal.mutate()} leaving={leaving} />}
            {billing?.payment_failed && !(billing.grace_until && billing.can_manage) && !isPeriodic(billing) && <Note icon={AlertTriangle}>{m.pastDueNote}</Note>}
            {billing && isPeriodic(billing) && !billing.cancel_at_period_end && <Note icon={Info}>{m.payment.periodicManage(PAYMENT_METHOD_LABELS[billing.method!])}</Note>}
            {billing && !billing.can_manage && !isPeriodic(billing) && <Note icon={Info}>{m.grantedNote}</Note>}
          </div>
          {billing && isPeriodic(billing) && !billing.cancel_at_period_end && billing.plan && <SwitchToCard plan={billing.plan} />}
          {billing?.can_manage && (
            <div className="mt-6 border-t border-amber-200 pt-5">
              <div className="flex flex-col gap-3 sm:flex-row">
                <button
                  type="button"
                  onClick={() => portal.mutate()}
                  disabled={leaving}
                  className={`${billing.grace_until ? buttonStyles.secondary : buttonStyles.primary} py-3`}
                >
                  {leaving ? <Spinner size="sm" /> : <ExternalLink className="size-4" aria-hidden />}
                  {leaving ? m.redirecting : m.portal}
                </button>
                <button
                  type="button"
                  onClick={() => portal.mutate()}
                  disabled={leaving}
                  className={`${buttonStyles.secondary} py-3 ${billing.cancel_at_period_end ? '' : 'text-red-700! hover:bg-red-50'}`}
                >
                  {billing.cancel_at_period_end ? m.resume : m.cancel}
                </button>
              </div>
              <p className="mt-3 text-xs text-amber-900/80">{m.portalHint}</p>
              {portal.error && (
                <div className="mt-3">
                  <Alert tone="error">{portal.error.message}</Alert>
                </div>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
