import { MANUAL_TYPES, type ManualType } from '@clima/contract/manual-types';
import { BookOpen, CloudOff, HardDrive, Trash2, WifiOff } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from '@clima/router';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { Spinner } from '@clima/web-kit/spinner';
import { messages } from '../../../i18n/messages';
import { formatDate, formatMegabytes } from '../../../lib/format';
import { useOfflineManuals, useOfflineToggle, useOfflineUsage } from '../hooks/use-offline-manuals';
import { useUrlSearch } from '../hooks/use-url-search';
import { manualsKitMessages } from '../manuals-messages';
import type { OfflineManual } from '../offline/offline-store';
import { indexPages, searchManuals } from '../search/text-search';
import { ManualSearchBox } from './manual-search-box';
import { manualTypeIcon } from './manual-type-icon';
import { SearchResults, viewerPath, type ViewerLinkState } from './search-results';

const m = manualsKitMessages.offline;

function UsageLine() {
  const usage = useOfflineUsage();
  if (!usage.data) return null;
  const { bytes, estimate } = usage.data;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600" data-testid="offline-usage">
      <span className="inline-flex items-center gap-1.5 font-semibold text-slate-800">
        <HardDrive className="size-4 text-sky-700" aria-hidden />
        {m.used(formatMegabytes(bytes))}
      </span>
      {estimate && <span className="text-xs text-slate-500">{m.browserUsage(formatMegabytes(estimate.usage), formatMegabytes(estimate.quota))}</span>}
    </p>
  );
}

function OfflineCard({ entry }: { entry: OfflineManual }) {
  const { manual } = entry;
  const toggle = useOfflineToggle();
  const TypeIcon = manualTypeIcon(manual.manual_type);
  const removing = toggle.isPending;
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="offline-manual">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-emerald-50 text-emerald-700">
          <TypeIcon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold text-sky-700">{MANUAL_TYPES[manual.manual_type as ManualType] ?? manual.manual_type}</p>
          <h3 className="font-bold leading-snug text-slate-900">{manual.title}</h3>
          <p className="mt-0.5 text-sm text-slate-500">
            {manual.manufacturer_name} · {manual.model_name}
          </p>
        </div>
      </div>
      <p className="mt-3 text-xs text-slate-500">
        {[entry.pages.length > 0 ? m.pages(entry.pages.length) : null, formatMegabytes(entry.pdf_bytes + entry.text_bytes), m.savedAt(formatDate(entry.saved_at))]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="mt-4 flex gap-2 border-t border-slate-100 pt-3">
        <Link to={viewerPath(manual.id, 1, '')} state={{ manual } satisfies ViewerLinkState} className={`${buttonStyles.primary} flex-1`} aria-label={m.openLabel(manual.title)}>
          <BookOpen className="size-4" aria-hidden />
          {m.open}
        </Link>
        <button
          type="button"
          onClick={() => toggle.mutate({ manual, keep: false })}
          disabled={removing}
          className={`${buttonStyles.secondary} px-4`}
          aria-label={m.removeLabel(manual.title)}
        >
          {removing ? <Spinner size="sm" /> : <Trash2 className="size-4" aria-hidden />}
          {m.remove}
        </button>
      </div>
    </li>
  );
}

/**
 * 'Meus manuais offline': what this browser keeps, searched here with no network (the same rules and
 * result look as the server's search), the space it takes, and removing a copy. `noNetwork` adds the
 * notice shown when /manuals opens without a connection.
 */
export function OfflineManuals({ noNetwork = false, ready = true, onRetry }: { noNetwork?: boolean; ready?: boolean; onRetry?: () => void }) {
  const list = useOfflineManuals(ready);
  const search = useUrlSearch();
  const entries = list.data;
  // folding every page's text is the costly part: once per list, not per keystroke
  const indexed = useMemo(() => (entries ?? []).map((e) => ({ manual: e.manual, pages: indexPages(e.pages) })), [entries]);
  const results = useMemo(() => (search.query ? searchManuals(indexed, search.query) : []), [indexed, search.query]);

  return (
    <section className="space-y-5" aria-labelledby="offline-title">
      {noNetwork && (
        <div role="status" className="flex items-start gap-3 rounded-2xl bg-sky-50 px-4 py-3.5 text-sky-950 ring-1 ring-sky-200">
          <WifiOff className="mt-0.5 size-5 shrink-0 text-sky-700" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-bold">{m.noConnection}</p>
            <p className="text-sm text-sky-900">{m.noConnectionText}</p>
          </div>
          {onRetry && (
            <button type="button" onClick={onRetry} className={`${buttonStyles.secondary} shrink-0 px-3 py-1.5`}>
              {manualsKitMessages.viewer.retry}
            </button>
          )}
        </div>
      )}
      <div className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="offline-title" className="text-xl font-bold text-slate-900">
            {m.title}
          </h2>
          <p className="text-sm text-slate-600">{m.subtitle}</p>
        </div>
        <UsageLine />
      </div>
      {!ready || list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={messages.common.loading} />
        </div>
      ) : !entries || entries.length === 0 ? (
        <EmptyState icon={CloudOff} title={m.empty} description={m.emptyHint} />
      ) : (
        <>
          <ManualSearchBox value={search.draft} onChange={search.setDraft} onSubmit={search.submit} label={manualsKitMessages.search.offlineLabel} />
          {search.query ? (
            <SearchResults results={results} query={search.query} emptyHint={manualsKitMessages.search.emptyOfflineHint} />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {entries.map((entry) => (
                <OfflineCard key={entry.manual.id} entry={entry} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
