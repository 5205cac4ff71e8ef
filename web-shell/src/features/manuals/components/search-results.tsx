import type { Manual, ManualSearchHit } from '@clima/contract/manuals';
import { MANUAL_TYPES, type ManualType } from '@clima/contract/manual-types';
import { ChevronRight, Lock, SearchX } from 'lucide-react';
import { Link } from '@clima/router';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { manualsKitMessages } from '../manuals-messages';
import { manualTypeIcon } from './manual-type-icon';
import { MarkedText } from './marked-text';

const m = manualsKitMessages.search;

export interface SearchResultGroup {
  manual: Manual;
  hits: ManualSearchHit[];
}

/** Where a hit opens: the in-app viewer at the page, with the query to highlight. */
export const viewerPath = (manualId: number, page: number, q: string) => {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  return `/manuals/${manualId}?${params.toString()}`;
};

/** What the viewer receives with the link: the manual as listed (title, manufacturer, model) and the page to go back to. */
export interface ViewerLinkState {
  manual: Manual;
}

const typeLabel = (type: string) => MANUAL_TYPES[type as ManualType] ?? type;

function HitRow({ manual, hit, query, locked, onLocked }: { manual: Manual; hit: ManualSearchHit; query: string; locked: boolean; onLocked: () => void }) {
  const body = (
    <>
      {/* phones: the page above its snippet, so the snippet gets the whole width */}
      <span className="min-w-0 flex-1 sm:flex sm:items-start sm:gap-3">
        <span className="inline-block shrink-0 rounded-lg bg-sky-100 px-2.5 py-1 text-xs font-bold text-sky-800">{m.page(hit.page)}</span>
        <span className="mt-1.5 block min-w-0 flex-1 text-sm leading-relaxed text-slate-700 sm:mt-0.5">
          {locked || hit.snippet === null ? (
            <span className="inline-flex items-center gap-1.5 text-slate-500">
              <Lock className="size-3.5" aria-hidden />
              {m.locked}
            </span>
          ) : (
            <MarkedText text={hit.snippet} marks={hit.marks} />
          )}
        </span>
      </span>
      <ChevronRight className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
    </>
  );
  const rowStyles = 'flex w-full items-start gap-3 px-4 py-3.5 text-left transition-colors hover:bg-sky-50 focus-visible:bg-sky-50 focus-visible:outline-none';
  if (locked) {
    return (
      <button type="button" onClick={onLocked} className={rowStyles} data-testid="search-hit" aria-label={m.lockedPage(manual.title, hit.page)}>
        {body}
      </button>
    );
  }
  return (
    <Link to={viewerPath(manual.id, hit.page, query)} state={{ manual } satisfies ViewerLinkState} className={rowStyles} data-testid="search-hit" aria-label={m.openPage(manual.title, hit.page)}>
      {body}
    </Link>
  );
}

/**
 * Results of a search inside the manuals, grouped by manual (title, manufacturer and model), one row per
 * page with its snippet. Locked (no active subscription): the pages show without snippets and a tap
 * opens the subscription flow.
 */
export function SearchResults({
  results,
  query,
  locked = false,
  onLocked,
  emptyHint = m.emptyHint,
  busy = false,
}: {
  results: SearchResultGroup[];
  query: string;
  locked?: boolean;
  onLocked?: () => void;
  emptyHint?: string;
  busy?: boolean;
}) {
  const pages = results.reduce((n, r) => n + r.hits.length, 0);
  if (results.length === 0) {
    return (
      <div aria-live="polite">
        <EmptyState icon={SearchX} title={m.empty(query)} description={emptyHint} />
      </div>
    );
  }
  const subscribe = onLocked ?? (() => undefined);
  return (
    <section aria-label={m.label} className="space-y-4" aria-busy={busy}>
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="search-summary">
        {m.summary(results.length, pages)}
      </p>
      {locked && (
        <div className="flex flex-col gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2">
            <Lock className="size-4 shrink-0" aria-hidden />
            {m.lockedNotice}
          </p>
          <button type="button" onClick={subscribe} className={`${buttonStyles.accent} shrink-0`}>
            {manualsKitMessages.subscribe}
          </button>
        </div>
      )}
      <ul className={`space-y-4 transition-opacity ${busy ? 'opacity-60' : ''}`}>
        {results.map(({ manual, hits }) => {
          const TypeIcon = manualTypeIcon(manual.manual_type);
          return (
            <li key={manual.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="search-result">
              <div className="flex items-start gap-3 border-b border-slate-100 px-4 py-3.5">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sky-50 text-sky-700">
                  <TypeIcon className="size-5" aria-hidden />
                </span>
                <div className="min-w-0">
                  <h2 className="font-bold leading-snug text-slate-900">{manual.title}</h2>
                  <p className="mt-0.5 text-sm text-slate-500">
                    {manual.manufacturer_name} · {manual.model_name} · {typeLabel(manual.manual_type)}
                  </p>
                </div>
              </div>
              <ul className="divide-y divide-slate-100">
                {hits.map((hit) => (
                  <li key={hit.page}>
                    <HitRow manual={manual} hit={hit} query={query} locked={locked} onLocked={subscribe} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
