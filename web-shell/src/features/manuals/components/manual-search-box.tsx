import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { buttonStyles } from '@clima/web-kit/button';
import { manualsKitMessages } from '../manuals-messages';

const m = manualsKitMessages.search;

/**
 * The search inside the manuals: a large field (a phone held in one hand) with its own button; the
 * keyboard's search key submits too.
 */
export function ManualSearchBox({
  value,
  onChange,
  onSubmit,
  label = m.label,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  label?: string;
}) {
  const id = useId();
  return (
    <form
      role="search"
      aria-label={label}
      className="rounded-2xl border border-sky-100 bg-gradient-to-br from-sky-50 to-cyan-50 p-3 shadow-sm sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-sky-900">
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-400" aria-hidden />
          <input
            id={id}
            type="search"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={100}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={m.hint}
            className="block h-12 w-full rounded-xl border border-slate-300 bg-white pl-11 pr-11 text-base text-slate-900 placeholder:text-slate-500 focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500/30 [&::-webkit-search-cancel-button]:hidden"
          />
          {value !== '' && (
            <button
              type="button"
              onClick={() => onChange('')}
              aria-label={m.clear}
              className="absolute right-1.5 top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
        <button type="submit" className={`${buttonStyles.primary} h-12 shrink-0 px-4 sm:px-6`}>
          <Search className="size-4 sm:hidden" aria-hidden />
          <span className="sr-only sm:not-sr-only">{m.submit}</span>
        </button>
      </div>
    </form>
  );
}
