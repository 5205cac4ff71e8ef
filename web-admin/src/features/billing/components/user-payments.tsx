import { PAYMENT_METHOD_LABELS, PLANS } from '@clima/contract/billing';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { formatBRL, formatDate } from '../../../lib/format';
import { Spinner } from '@clima/web-kit/spinner';
import { fetchUserPayments } from '../api/billing-admin-api';

const m = messages.billing;

/** The user dialog's 'Pagamentos': every payment with its receipt number, method and (masked) CPF. */
export function UserPayments({ userId }: { userId: string }) {
  const titleId = useId();
  const payments = useQuery({ queryKey: adminKeys.billing.payments(userId), queryFn: ({ signal }) => fetchUserPayments(userId, signal) });
  const list = payments.data?.payments ?? [];
  return (
    <section aria-labelledby={titleId} className="mt-6 border-t border-slate-200 pt-4" data-testid="user-payments">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {m.paymentsTitle}
      </h3>
      {payments.isPending ? (
        <div className="flex justify-center py-3">
          <Spinner size="sm" label={m.loading} />
        </div>
      ) : payments.isError ? (
        <p className="mt-2 text-sm text-red-700">{m.paymentsFailed}</p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{m.noPayments}</p>
      ) : (
        <ul className="mt-2 max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
          {list.map((p) => (
            <li key={p.number} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">
                {formatDate(p.paid_at)} · {formatBRL(p.amount_cents / 100)}
              </span>
              <span className="text-slate-700">
                {PAYMENT_METHOD_LABELS[p.method]}
                {p.plan ? ` · ${PLANS[p.plan].name}` : ''}
              </span>
              <span className="basis-full text-xs text-slate-600">
                {m.receipt(p.number)}
                {p.payer ? ` · ${p.payer}` : ''}
                {p.payer_cpf ? ` · ${m.cpf(p.payer_cpf)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
