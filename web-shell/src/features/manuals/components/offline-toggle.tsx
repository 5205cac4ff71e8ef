import type { Manual } from '@clima/contract/manuals';
import { CloudCheck, CloudDownload } from 'lucide-react';
import { Spinner } from '@clima/web-kit/spinner';
import { ApiError } from '../../../lib/api';
import { useTimedMessage } from '../../../shared/hooks/use-timed-message';
import { ExternalManualError } from '../api/manuals-api';
import { useOfflineIds, useOfflineToggle } from '../hooks/use-offline-manuals';
import { manualsKitMessages } from '../manuals-messages';

const m = manualsKitMessages.offline;

function failure(err: unknown): string {
  if (err instanceof ExternalManualError) return m.noFile;
  if (err instanceof ApiError || err instanceof Error) return m.failed(err.message);
  return m.failed(String(err));
}

/**
 * The 'Disponível offline' switch of a manual: on, its PDF and page text are kept in this browser; off,
 * they are removed and the space freed. `pdf` is given by the viewer, which already holds the bytes;
 * `compact` is the viewer's toolbar form (the label only from the sm breakpoint).
 */
export function OfflineToggle({ manual, pdf, compact = false }: { manual: Manual; pdf?: ArrayBuffer; compact?: boolean }) {
  const ids = useOfflineIds();
  const toggle = useOfflineToggle();
  const { message, show } = useTimedMessage();
  const on = ids.data?.has(manual.id) ?? false;
  const busy = toggle.isPending && toggle.variables?.manual.id === manual.id;

  const flip = () =>
    toggle.mutate(
      { manual, keep: !on, pdf },
      {
        onSuccess: () => show('success', on ? m.removed(manual.title) : m.saved(manual.title)),
        onError: (err) => show('error', on ? m.removeFailed : failure(err)),
      },
    );

  return (
    <div className={compact ? 'relative' : 'space-y-1.5'}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={m.toggle}
        aria-busy={busy}
        disabled={busy || ids.isPending}
        onClick={flip}
        className={`inline-flex items-center gap-2 rounded-xl text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-wait ${
          compact ? 'px-2 py-2 hover:bg-slate-100' : 'w-full justify-between px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50'
        } ${on ? 'text-emerald-700' : 'text-slate-700'}`}
        data-testid="offline-toggle"
      >
        <span className="flex items-center gap-2">
          {busy ? <Spinner size="sm" /> : on ? <CloudCheck className="size-4" aria-hidden /> : <CloudDownload className="size-4 text-slate-500" aria-hidden />}
          <span className={compact ? 'hidden sm:inline' : ''}>{busy ? m.saving : m.toggle}</span>
        </span>
        <span aria-hidden className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors ${on ? 'bg-emerald-500' : 'bg-slate-300'}`}>
          <span className={`absolute size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-[1.125rem]' : 'translate-x-0.5'}`} />
        </span>
      </button>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`text-xs ${message.tone === 'error' ? 'text-red-700' : 'text-emerald-700'} ${
            compact ? 'absolute right-0 top-full z-10 mt-2 w-64 rounded-xl bg-white px-3 py-2 shadow-lg ring-1 ring-slate-200' : ''
          }`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
