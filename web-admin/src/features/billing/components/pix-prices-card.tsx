import { PLANS, type AdminPlanPrice, type PlanId } from '@clima/contract/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QrCode } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { formatBRL } from '../../../lib/format';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { fetchPlanPrices, savePixPrice } from '../api/billing-admin-api';

const m = messages.billing;

/** '179,00' or '179' → 17900; '' → null (no Pix price); anything else → NaN. */
function parseReais(text: string): number | null {
  const t = text.trim().replace(/^R\$\s*/, '');
  if (!t) return null;
  if (!/^\d{1,5}(,\d{1,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t.replace(',', '.')) * 100);
}

const asText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));

function PlanPriceForm({ price }: { price: AdminPlanPrice }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(asText(price.pix_price_cents));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (cents: number | null) => savePixPrice(price.plan, cents),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKeys.billing.prices, answer);
      setSaved(true);
    },
    onError: (err) => setError(err instanceof Error ? err.message : m.saveFailed),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const cents = parseReais(text);
    if (cents !== null && (Number.isNaN(cents) || cents < 100 || cents > PLANS[price.plan as PlanId].price_cents)) {
      setError(m.pixPriceInvalid(formatBRL(price.price_cents / 100)));
      return;
    }
    setError(null);
    save.mutate(cents);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
      <div className="min-w-40 flex-1">
        <label htmlFor={id} className={labelStyles}>
          {m.pixPriceLabel(price.name, formatBRL(price.price_cents / 100))}
        </label>
        <input
          id={id}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setSaved(false);
          }}
          inputMode="decimal"
          placeholder={asText(price.price_cents)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputStyles}
        />
      </div>
      <button type="submit" disabled={save.isPending} className={buttonStyles.secondary}>
        {save.isPending ? messages.common.saving : messages.common.save}
      </button>
      <p role="status" className="basis-full text-sm">
        {error ? (
          <span id={`${id}-error`} className="text-red-700">
            {error}
          </span>
        ) : saved ? (
          <span className="text-emerald-800">{m.saved}</span>
        ) : null}
      </p>
    </form>
  );
}

/** 'Preço no Pix': a plan may cost less by Pix (e.g. the annual plan); empty means the plan's own price. */
export function PixPricesCard() {
  const titleId = useId();
  const prices = useQuery({ queryKey: adminKeys.billing.prices, queryFn: ({ signal }) => fetchPlanPrices(signal) });
  if (!prices.data) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="pix-prices">
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-slate-900">
        <QrCode className="size-5 text-sky-700" aria-hidden />
        {m.pixPricesTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.pixPricesText}</p>
      <div className="mt-4 space-y-4">
        {prices.data.plans.map((p) => (
          <PlanPriceForm key={p.plan} price={p} />
        ))}
      </div>
    </section>
  );
}
