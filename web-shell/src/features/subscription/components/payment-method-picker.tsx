import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@clima/contract/billing';
import { Barcode, CreditCard, QrCode } from 'lucide-react';
import { useId } from 'react';
import { messages } from '../../../i18n/messages';
import { inputStyles, labelStyles } from '@clima/web-kit/button';

const m = messages.subscription.payment;
const ICONS = { card: CreditCard, pix: QrCode, boleto: Barcode } as const;

interface Props {
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  cpf: string;
  onCpf: (cpf: string) => void;
  /** The CPF's problem, shown under the field (and announced). */
  cpfError: string | null;
  disabled: boolean;
}

/** 'Cartão de crédito', 'Pix' or 'Boleto' (radio buttons), and the payer's CPF when the boleto needs it. */
export function PaymentMethodPicker({ method, onMethod, cpf, onCpf, cpfError, disabled }: Props) {
  const name = useId();
  const cpfId = useId();
  return (
    <div className="space-y-4" data-testid="payment-picker">
      <fieldset disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-slate-800">{m.legend}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3" data-testid="payment-methods">
          {PAYMENT_METHODS.map((id) => {
            const Icon = ICONS[id];
            const checked = method === id;
            return (
              <label
                key={id}
                className={`flex cursor-pointer items-center gap-3 rounded-2xl border bg-white px-4 py-3 shadow-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-600 ${
                  checked ? 'border-sky-600 ring-2 ring-sky-600' : 'border-slate-300 hover:border-slate-400'
                }`}
              >
                <input type="radio" name={name} value={id} checked={checked} onChange={() => onMethod(id)} className="size-4 accent-sky-700" />
                <Icon className="size-5 shrink-0 text-sky-700" aria-hidden />
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{PAYMENT_METHOD_LABELS[id]}</span>
                  <span className="block text-xs text-slate-600">{m.methodHints[id]}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {method !== 'card' && <p className="text-sm text-slate-700">{m.periodicNote}</p>}
      {method === 'boleto' && (
        <div className="max-w-xs">
          <label htmlFor={cpfId} className={labelStyles}>
            {m.cpfLabel}
          </label>
          <input
            id={cpfId}
            value={cpf}
            onChange={(e) => onCpf(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={14}
            aria-invalid={cpfError ? true : undefined}
            aria-describedby={`${cpfId}-hint${cpfError ? ` ${cpfId}-error` : ''}`}
            className={inputStyles}
            disabled={disabled}
          />
          <p id={`${cpfId}-hint`} className="mt-1 text-xs text-slate-600">
            {m.cpfHint}
          </p>
          {cpfError && (
            <p id={`${cpfId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {cpfError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
