import { PLANS, type BillingSubscription } from '@clima/contract/billing';
import { Barcode, Check, Copy, Download, ExternalLink, QrCode, Timer } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { messages } from '../../../i18n/messages';
import { formatCents, formatDate, formatDuration } from '../../../lib/format';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { usePlans } from '../hooks/use-billing';

const m = messages.subscription.payment;

type PendingCharge = NonNullable<BillingSubscription['pending_charge']>;

/** Seconds until `iso`, refreshed every 30 s (never negative). */
function useSecondsLeft(iso: string): number {
  const left = () => Math.max(0, Math.floor((new Date(iso).getTime() - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = window.setInterval(() => setSeconds(left()), 30_000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- left() only reads iso
  }, [iso]);
  return seconds;
}

function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" onClick={() => void copy()} className={`${buttonStyles.primary} py-3`} data-testid="copy-code">
        {state === 'copied' ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {m.copy}
      </button>
      <p role="status" className={`text-sm font-medium ${state === 'failed' ? 'text-red-700' : 'text-emerald-800'}`}>
        {state === 'copied' ? m.copied : state === 'failed' ? m.copyFailed : ''}
      </p>
    </div>
  );
}

/**
 * The Pix or boleto waiting to be paid: 'Pagar com Pix' with the QR code, the copy-and-paste code, a copy
 * button and the time left; or the boleto's digitable line and its PDF. The payment is confirmed by the
 * provider (the page then shows the new period).
 */
export function PendingChargeBox({ charge, renewal }: { charge: PendingCharge; renewal: boolean }) {
  const codeId = useId();
  const titleId = useId();
  const plans = usePlans();
  const sandbox = plans.data?.checkout.provider === 'sandbox';
  const seconds = useSecondsLeft(charge.expires_at);
  const pix = charge.method === 'pix';
  const plan = PLANS[charge.plan];
  const expired = seconds === 0;

  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto max-w-3xl rounded-3xl border border-sky-200 bg-white p-6 shadow-sm sm:p-8"
      data-testid="pending-charge"
      data-method={charge.method}
    >
      <h2 id={titleId} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        {pix ? <QrCode className="size-6 text-sky-700" aria-hidden /> : <Barcode className="size-6 text-sky-700" aria-hidden />}
        {pix ? m.pixTitle : m.boletoTitle}
      </h2>
      <p className="mt-1 text-base font-semibold text-slate-800" data-testid="pending-amount">
        {m.amount(formatCents(charge.amount_cents), plan.name)}
      </p>
      {renewal && <p className="text-sm text-slate-700">{m.renewalFor(formatDate(charge.due_at))}</p>}

      {charge.status === 'processing' && (
        <p role="status" className="mt-4 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200">
          {m.processing}
        </p>
      )}

      <div className={`mt-5 grid gap-6 ${pix ? 'sm:grid-cols-[220px_1fr]' : ''}`}>
        {pix && charge.qr_svg && (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(charge.qr_svg)}`}
            alt={m.qrAlt}
            width={220}
            height={220}
            className="mx-auto size-[220px] rounded-xl border border-slate-200 bg-white"
            data-testid="pix-qr"
          />
        )}
        <div className="min-w-0 space-y-4">
          {pix && <p className="text-sm text-slate-700">{m.pixSteps}</p>}
          <div>
            <label htmlFor={codeId} className={labelStyles}>
              {pix ? m.pixCode : m.boletoLine}
            </label>
            <textarea
              id={codeId}
              readOnly
              rows={pix ? 4 : 2}
              value={charge.code}
              onFocus={(e) => e.currentTarget.select()}
              className={`${inputStyles} resize-none font-mono text-xs break-all`}
              data-testid="charge-code"
            />
          </div>
          <CopyButton text={charge.code} />
          <p className="flex items-center gap-2 text-sm font-medium text-slate-800" data-testid="time-left">
            <Timer className="size-4 text-slate-600" aria-hidden />
            {expired ? m.expired : pix ? m.timeLeft(formatDuration(seconds)) : m.boletoDue(formatDate(charge.expires_at))}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {!pix && charge.pdf_url && (
              <a href={charge.pdf_url} className={`${buttonStyles.secondary} py-3`} data-testid="boleto-pdf">
                <Download className="size-4" aria-hidden />
                {m.downloadBoleto}
              </a>
            )}
            {charge.hosted_url && (
              <a href={charge.hosted_url} className={`${buttonStyles.secondary} py-3`} data-testid="charge-hosted">
                <ExternalLink className="size-4" aria-hidden />
                {sandbox ? m.sandboxPayment : m.openPayment}
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
