import { PAYMENT_METHOD_LABELS, PLANS } from '@clima/contract/billing';
import { Download, ReceiptText } from 'lucide-react';
import { useId } from 'react';
import { messages } from '../../../i18n/messages';
import { formatCents, formatDate } from '../../../lib/format';
import { useReceipts } from '../hooks/use-billing';

const m = messages.subscription.payment;

/** 'Recibos': every confirmed payment of the user, each downloadable as a PDF. Nothing while there are none. */
export function ReceiptsList() {
  const receipts = useReceipts();
  const titleId = useId();
  const list = receipts.data?.receipts ?? [];
  if (!list.length) return null;
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-3xl" data-testid="receipts">
      <h2 id={titleId} className="mb-3 flex items-center gap-2 text-xl font-bold text-slate-900">
        <ReceiptText className="size-5 text-sky-700" aria-hidden />
        {m.receiptsTitle}
      </h2>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {list.map((r) => (
          <li key={r.number} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid="receipt">
            <dl className="grid min-w-0 grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-xs text-slate-600">{m.receiptDate}</dt>
                <dd className="font-medium text-slate-900">{formatDate(r.paid_at)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{m.receiptPlan}</dt>
                <dd className="font-medium text-slate-900">{r.plan ? PLANS[r.plan].name : '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{m.receiptMethod}</dt>
                <dd className="font-medium text-slate-900">{PAYMENT_METHOD_LABELS[r.method]}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{m.receiptAmount}</dt>
                <dd className="font-medium text-slate-900">{formatCents(r.amount_cents)}</dd>
              </div>
            </dl>
            <div className="flex items-center gap-3">
              <span className="text-xs text-slate-600">
                {m.receiptNumber} <span className="font-mono text-slate-800">{r.number}</span>
              </span>
              <a
                href={r.pdf_url}
                download
                aria-label={m.receiptPdf(r.number)}
                className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-sky-800 ring-1 ring-sky-200 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
              >
                <Download className="size-4" aria-hidden />
                {m.receiptDownload}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
