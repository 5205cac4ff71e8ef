import type { Manual } from '@clima/contract/manuals';
import { MANUAL_FILE_PREFIX, MANUAL_TYPES, type ManualType } from '@clima/contract/manual-types';
import { BookMarked, BookOpen, CalendarDays, CheckCircle2, Download, ExternalLink, Factory, FileText, ScanText } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDate, formatMegabytes, formatNumber } from '../../../lib/format';
import { hasActiveSubscription } from '../../../lib/subscription';
import { useDebouncedValue } from '@clima/web-kit/use-debounced-value';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { SearchInput, Select } from '@clima/web-kit/filters';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner, Spinner } from '@clima/web-kit/spinner';
import { Alert } from '@clima/web-kit/alert';
import { SubscriberBanner } from '../../access/components/subscriber-banner';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { useSubscribe } from '../../subscription/hooks/use-subscribe';
import { isNetworkFailure } from '../api/manuals-api';
import { useDownloadManual, useManualSearch, useManuals, useManufacturers, useModels } from '../hooks/use-manuals';
import { useOfflineCheck, useOfflineIds, type OfflineState } from '../hooks/use-offline-manuals';
import { useUrlSearch } from '../hooks/use-url-search';
import { manualsKitMessages } from '../manuals-messages';
import { fold } from '../search/text-search';
import { manualTypeIcon } from './manual-type-icon';
import { ManualSearchBox } from './manual-search-box';
import { OfflineManuals } from './offline-manuals';
import { OfflineToggle } from './offline-toggle';
import { SearchResults, viewerPath, type ViewerLinkState } from './search-results';

const m = messages.manuals;
const kit = manualsKitMessages;
/** Manufacturers shown on the visitors' page (spec section 9). */
const MANUFACTURER_PREVIEW = 8;

const typeLabel = (type: string) => MANUAL_TYPES[type as ManualType] ?? type;

/** A PDF of our own storage opens in the in-app viewer and may be kept offline; a link to another site may not. */
const hasStoredPdf = (manual: Manual) => manual.file_url?.startsWith(MANUAL_FILE_PREFIX) ?? false;

function ManufacturersGrid() {
  const manufacturers = useManufacturers();
  const list = (manufacturers.data ?? []).slice(0, MANUFACTURER_PREVIEW);
  return (
    <section aria-labelledby="manufacturers-title">
      <h2 id="manufacturers-title" className="mb-4 text-xl font-bold text-slate-900">
        {m.manufacturers}
      </h2>
      {manufacturers.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={messages.common.loading} />
        </div>
      ) : list.length === 0 ? (
        <EmptyState icon={Factory} title={m.empty} description={m.emptyHint} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4" data-testid="manufacturers-grid">
          {list.map((maker) => (
            <li key={maker.id} className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm">
              <span className="grid h-12 w-full place-items-center">
                {maker.logo_url ? (
                  <img src={maker.logo_url} alt="" loading="lazy" className="max-h-12 w-auto max-w-full object-contain" />
                ) : (
                  <span className="grid size-12 place-items-center rounded-xl bg-sky-50 text-sky-600">
                    <Factory className="size-6" aria-hidden />
                  </span>
                )}
              </span>
              <span className="font-semibold text-slate-800">{maker.name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ManualsMarketing() {
  const { openSignIn } = useSignInDialog();
  // a visitor may type a code: searching asks to sign in first, and the search waits in the address
  const search = useUrlSearch();
  return (
    <div className="space-y-8">
      <ManualSearchBox
        value={search.draft}
        onChange={search.setDraft}
        onSubmit={() => {
          search.submit();
          openSignIn('login');
        }}
      />
      <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-sky-800 via-sky-700 to-cyan-600 text-white shadow-lg">
        <div className="grid gap-8 p-6 sm:p-10 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-cyan-200">{m.title}</p>
            <h2 className="mt-2 text-3xl font-extrabold leading-tight sm:text-4xl">{m.marketingTitle}</h2>
            <p className="mt-4 text-sky-50">{m.marketingText}</p>
            <ul className="mt-6 space-y-2">
              {m.marketingPoints.map((point) => (
                <li key={point} className="flex items-center gap-2 text-sm">
                  <CheckCircle2 className="size-5 shrink-0 text-cyan-300" aria-hidden />
                  {point}
                </li>
              ))}
            </ul>
            <button type="button" onClick={() => openSignIn('login')} className={`${buttonStyles.accent} mt-8 px-6 py-3 text-base`}>
              <BookMarked className="size-5" aria-hidden />
              {m.signIn}
            </button>
          </div>
          <ul className="hidden grid-cols-2 gap-3 lg:grid" aria-label={m.typesTitle}>
            {Object.entries(MANUAL_TYPES).map(([type, label]) => {
              const Icon = manualTypeIcon(type);
              return (
                <li key={type} className="flex items-center gap-3 rounded-xl bg-white/10 px-3.5 py-3 text-sm font-medium ring-1 ring-white/20">
                  <Icon className="size-5 shrink-0 text-cyan-200" aria-hidden />
                  {label}
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <ManufacturersGrid />
    </div>
  );
}

interface CardActions {
  onDownload: (manual: Manual) => void;
  onOpen: (manual: Manual) => void;
  /** Active subscriber: the 'Disponível offline' switch is offered. */
  canKeepOffline: boolean;
}

function ManualCard({ manual, busy, onDownload, onOpen, canKeepOffline }: { manual: Manual; busy: boolean } & CardActions) {
  const TypeIcon = manualTypeIcon(manual.manual_type);
  const stored = hasStoredPdf(manual);
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="manual-card">
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-sky-50 text-sky-700">
          <TypeIcon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold text-sky-700" data-testid="manual-type">
            {typeLabel(manual.manual_type)}
          </p>
          <h2 className="mt-0.5 font-bold leading-snug text-slate-900">{manual.title}</h2>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div className="min-w-0 rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{m.manufacturer}</dt>
          <dd className="break-words font-medium text-slate-800">{manual.manufacturer_name}</dd>
        </div>
        <div className="min-w-0 rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{m.model}</dt>
          <dd className="break-words font-medium text-slate-800">{manual.model_name}</dd>
        </div>
      </dl>
      {manual.description && <p className="mt-3 line-clamp-3 text-sm text-slate-600">{manual.description}</p>}
      {(manual.file_url || manual.external_url) && (
        <ul className="mt-3 space-y-1 text-xs text-slate-600">
          {manual.file_url && (
            <li className="flex items-center gap-1.5">
              <FileText className="size-3.5 text-red-500" aria-hidden />
              {m.pdf}
              {manual.file_size != null && <span className="text-slate-500">· {formatMegabytes(manual.file_size)}</span>}
            </li>
          )}
          {manual.external_url && (
            <li className="flex items-center gap-1.5">
              <ExternalLink className="size-3.5 text-sky-600" aria-hidden />
              {m.external}
            </li>
          )}
          {manual.text_status === 'no_text' && (
            <li className="flex items-center gap-1.5 text-slate-500">
              <ScanText className="size-3.5" aria-hidden />
              {kit.textStatus.no_text}
            </li>
          )}
        </ul>
      )}
      {stored && canKeepOffline && (
        <div className="mt-3">
          <OfflineToggle manual={manual} />
        </div>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4 text-xs text-slate-500">
        <div className="space-y-1">
          <p className="flex items-center gap-1.5">
            <CalendarDays className="size-3.5" aria-hidden />
            {formatDate(manual.created_at)}
          </p>
          <p className="flex items-center gap-1.5" data-testid="download-count">
            <Download className="size-3.5" aria-hidden />
            {m.downloads(manual.download_count)}
          </p>
        </div>
        <div className="flex gap-2">
          {stored && (
            <button type="button" onClick={() => onOpen(manual)} aria-label={kit.openLabel(manual.title)} className={buttonStyles.secondary}>
              <BookOpen className="size-4" aria-hidden />
              {kit.open}
            </button>
          )}
          <button type="button" onClick={() => onDownload(manual)} disabled={busy} aria-label={m.downloadLabel(manual.title)} className={buttonStyles.primary}>
            {busy ? <Spinner size="sm" /> : <Download className="size-4" aria-hidden />}
            {m.download}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The four filters of spec 2.12; manufacturer and model also narrow the search inside the manuals. */
interface LibraryFilters {
  search: string;
  manufacturer: string;
  model: string;
  type: string;
}

/** The filters the search answer cannot apply by itself (type, and the title search box), applied to its results. */
function matchesFilters(manual: Manual, filters: LibraryFilters): boolean {
  if (filters.type && manual.manual_type !== filters.type) return false;
  if (!filters.search) return true;
  const needle = fold(filters.search).text;
  return [manual.title, manual.description ?? '', manual.manufacturer_name, manual.model_name].some((field) => fold(field).text.includes(needle));
}

/** Results of the search inside the manuals for the library's filters. */
function LibrarySearch({ query, filters, onNetworkFailure }: { query: string; filters: LibraryFilters; onNetworkFailure: () => void }) {
  const subscribe = useSubscribe();
  const search = useManualSearch({ q: query, manufacturer: filters.manufacturer, model: filters.model }, true);
  const results = useMemo(() => (search.data?.results ?? []).filter((r) => matchesFilters(r.manual, filters)), [search.data, filters]);
  const networkDown = search.isError && isNetworkFailure(search.error);
  useEffect(() => {
    if (networkDown) onNetworkFailure();
  }, [networkDown, onNetworkFailure]);
  if (search.isError) return networkDown ? null : <Alert tone="error">{kit.search.failed}</Alert>;
  if (search.isPending) return <PageSpinner label={kit.search.searching} />;
  return <SearchResults results={results} query={search.data.query || query} locked={search.data.locked} onLocked={subscribe} busy={search.isPlaceholderData} />;
}

function LibraryTab({ onNetworkFailure }: { onNetworkFailure: () => void }) {
  const { user } = useAuth();
  const subscribe = useSubscribe();
  const navigate = useNavigate();
  const { openSignIn } = useSignInDialog();
  const download = useDownloadManual();
  const inManuals = useUrlSearch();
  const [search, setSearch] = useState('');
  const [manufacturer, setManufacturer] = useState('');
  const [model, setModel] = useState('');
  const [type, setType] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const manufacturers = useManufacturers();
  const models = useModels(manufacturer);
  const filters = useMemo(() => ({ search: debounced, manufacturer, model, type }), [debounced, manufacturer, model, type]);
  const manuals = useManuals(filters, inManuals.query === '');
  const filtering = debounced !== '' || manufacturer !== '' || model !== '' || type !== '';
  const list = manuals.data ?? [];
  const subscriber = hasActiveSubscription(user);
  const networkDown = manuals.isError && isNetworkFailure(manuals.error);

  // Spec 2.12 download gating: sign-in dialog, then the subscription flow, then the file. Opening in the
  // viewer is gated the same way.
  const gated = (action: () => void) => {
    if (!user) openSignIn('login');
    else if (!hasActiveSubscription(user)) subscribe();
    else action();
  };
  const onDownload = (manual: Manual) => gated(() => download.mutate(manual));
  const onOpen = (manual: Manual) => gated(() => navigate(viewerPath(manual.id, 1, ''), { state: { manual } satisfies ViewerLinkState }));

  useEffect(() => {
    if (networkDown) onNetworkFailure();
  }, [networkDown, onNetworkFailure]);
  if (networkDown) return null;

  return (
    <div className="space-y-6">
      <ManualSearchBox value={inManuals.draft} onChange={inManuals.setDraft} onSubmit={inManuals.submit} />
      {/* second, and plainly a filter of the list below (issue 25: two stacked search boxes were unclear) */}
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{m.filtersLegend}</legend>
        <SearchInput value={search} onChange={setSearch} placeholder={m.search} />
        <Select
          label={m.manufacturerFilter}
          value={manufacturer}
          onChange={(e) => {
            // another manufacturer has other models: the model choice starts over
            setManufacturer(e.target.value);
            setModel('');
          }}
        >
          <option value="">{m.allManufacturers}</option>
          {(manufacturers.data ?? []).map((maker) => (
            <option key={maker.id} value={String(maker.id)}>
              {maker.name}
            </option>
          ))}
        </Select>
        <Select label={m.modelFilter} value={model} onChange={(e) => setModel(e.target.value)} disabled={manufacturer === ''}>
          <option value="">{m.allModels}</option>
          {manufacturer !== '' &&
            (models.data ?? []).map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
        </Select>
        <Select label={m.typeFilter} value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">{m.allTypes}</option>
          {Object.entries(MANUAL_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </fieldset>
      {inManuals.query !== '' ? (
        <LibrarySearch query={inManuals.query} filters={filters} onNetworkFailure={onNetworkFailure} />
      ) : manuals.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : list.length === 0 ? (
        filtering ? (
          <EmptyState icon={FileText} title={m.emptyFiltered} description={m.emptyFilteredHint} />
        ) : (
          <EmptyState icon={FileText} title={m.empty} description={m.emptyHint} />
        )
      ) : (
        <>
          <p className="text-sm text-slate-500" aria-live="polite">
            {m.count(list.length, formatNumber(list.length))}
          </p>
          <ul className={`grid gap-5 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${manuals.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={manuals.isFetching}>
            {list.map((manual) => (
              <ManualCard
                key={manual.id}
                manual={manual}
                onDownload={onDownload}
                onOpen={onOpen}
                canKeepOffline={subscriber}
                busy={download.isPending && download.variables?.id === manual.id}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

type Tab = 'library' | 'offline';
const TAB_PARAM = 'aba';

/** 'Biblioteca' and 'Meus manuais offline' (subscribers: the only ones who may keep manuals offline). */
function LibraryTabs({ tab, onChange, offlineCount }: { tab: Tab; onChange: (tab: Tab) => void; offlineCount: number | undefined }) {
  const tabs: [Tab, string][] = [
    ['library', kit.tabs.library],
    ['offline', kit.tabs.offline],
  ];
  return (
    <div role="tablist" aria-label={kit.tabs.label} className="flex gap-1 rounded-2xl bg-slate-100 p-1">
      {tabs.map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`manuals-tab-${id}`}
          aria-selected={tab === id}
          aria-controls={`manuals-panel-${id}`}
          onClick={() => onChange(id)}
          className={`flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold transition-colors ${
            tab === id ? 'bg-white text-sky-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          {label}
          {id === 'offline' && offlineCount !== undefined && offlineCount > 0 && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">{offlineCount}</span>
          )}
        </button>
      ))}
    </div>
  );
}

function ManualsLibrary({ offline, onNetworkFailure }: { offline: OfflineState; onNetworkFailure: () => void }) {
  const { user } = useAuth();
  const subscriber = hasActiveSubscription(user);
  const [params, setParams] = useSearchParams();
  const tab: Tab = subscriber && params.get(TAB_PARAM) === 'offline' ? 'offline' : 'library';
  const ids = useOfflineIds(subscriber && !offline.checking);
  // a new tab starts without the other tab's search
  const changeTab = (next: Tab) => setParams(next === 'offline' ? { [TAB_PARAM]: 'offline' } : {}, { replace: true });

  return (
    <div className="space-y-6">
      <SubscriberBanner premiumTitle={m.premiumTitle} premiumText={m.premiumText} subscribeTitle={m.accessTitle} subscribeText={m.accessText} />
      {subscriber && <LibraryTabs tab={tab} onChange={changeTab} offlineCount={ids.data?.size} />}
      <div role={subscriber ? 'tabpanel' : undefined} id={`manuals-panel-${tab}`} aria-labelledby={subscriber ? `manuals-tab-${tab}` : undefined}>
        {tab === 'offline' ? <OfflineManuals ready={!offline.checking} /> : <LibraryTab onNetworkFailure={onNetworkFailure} />}
      </div>
    </div>
  );
}

export default function ManualsPage() {
  const { user, isPending } = useAuth();
  const offline = useOfflineCheck();
  // a request that got no answer at all while the browser still believed it was online
  const [unreachable, setUnreachable] = useState(false);
  const noNetwork = offline.offline || unreachable;
  const onNetworkFailure = useCallback(() => setUnreachable(true), []);
  const retry = offline.offline ? undefined : () => setUnreachable(false);
  return (
    <div className="space-y-6">
      {/* on a phone the signed-in user's fault-code search comes right under the title (issue 25) */}
      <PageHeader title={m.title} subtitle={m.subtitle} subtitleFromSm={Boolean(user)} />
      {noNetwork ? (
        <OfflineManuals noNetwork onRetry={retry} />
      ) : isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : user ? (
        <ManualsLibrary offline={offline} onNetworkFailure={onNetworkFailure} />
      ) : (
        <ManualsMarketing />
      )}
    </div>
  );
}
