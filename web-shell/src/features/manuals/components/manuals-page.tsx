import { MANUAL_TYPES, type Manual, type ManualType } from '@clima/contract/manuals';
import { BookMarked, CalendarDays, Crown, Download, ExternalLink, Factory, FileText, Lock } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { formatDate, formatMegabytes } from '../../../lib/format';
import { hasActiveSubscription } from '../../../lib/subscription';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { buttonStyles } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SearchInput, Select } from '../../../shared/ui/filters';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '../../../shared/ui/spinner';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { useSubscribe } from '../../subscription/hooks/use-subscribe';
import { downloadManual } from '../api/manuals-api';
import { useManuals, useManufacturers, useModels } from '../hooks/use-manuals';

const m = messages.manuals;
const MANUFACTURER_PREVIEW = 8;

function ManufacturersGrid() {
  const { data = [] } = useManufacturers();
  const { openSignIn } = useSignInDialog();
  return (
    <div className="space-y-6">
      <section className="rounded-3xl bg-gradient-to-br from-sky-800 to-cyan-600 p-6 text-white shadow-lg sm:p-10">
        <BookMarked className="size-10 text-cyan-200" aria-hidden />
        <p className="mt-4 max-w-2xl text-lg text-sky-50">{m.marketingText}</p>
        <button type="button" onClick={() => openSignIn('login')} className={`${buttonStyles.accent} mt-6`}>
          {m.signIn}
        </button>
      </section>
      <section>
        <h2 className="mb-4 text-xl font-bold text-slate-900">{m.manufacturers}</h2>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {data.slice(0, MANUFACTURER_PREVIEW).map((maker) => (
            <li key={maker.id} className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm">
              {maker.logo_url ? (
                <img src={maker.logo_url} alt="" loading="lazy" className="h-10 w-auto object-contain" />
              ) : (
                <Factory className="size-10 text-sky-600" aria-hidden />
              )}
              <span className="font-semibold text-slate-800">{maker.name}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function ManualCard({ manual, onDownload }: { manual: Manual; onDownload: (manual: Manual) => void }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="inline-flex items-center gap-1.5 text-xs font-semibold text-sky-700">
        <FileText className="size-4" aria-hidden />
        {MANUAL_TYPES[manual.manual_type as ManualType] ?? manual.manual_type}
      </p>
      <h2 className="mt-2 font-bold text-slate-900">{manual.title}</h2>
      <p className="text-sm text-slate-500">
        {manual.manufacturer_name} · {manual.model_name}
      </p>
      {manual.description && <p className="mt-2 line-clamp-2 text-sm text-slate-600">{manual.description}</p>}
      <ul className="mt-3 space-y-1 text-xs text-slate-500">
        {manual.file_url && (
          <li className="inline-flex items-center gap-1.5">
            <FileText className="size-3.5" aria-hidden />
            {m.pdf}
            {manual.file_size ? ` · ${formatMegabytes(manual.file_size)}` : ''}
          </li>
        )}
        {manual.external_url && (
          <li className="flex items-center gap-1.5">
            <ExternalLink className="size-3.5" aria-hidden />
            {m.external}
          </li>
        )}
      </ul>
      <div className="mt-auto flex items-center justify-between gap-3 pt-4 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1">
          <CalendarDays className="size-3.5" aria-hidden />
          {formatDate(manual.created_at)} · {m.downloads(manual.download_count)}
        </span>
        <button type="button" onClick={() => onDownload(manual)} className={buttonStyles.primary}>
          <Download className="size-4" aria-hidden />
          {m.download}
        </button>
      </div>
    </li>
  );
}

function ManualsLibrary() {
  const { user } = useAuth();
  const subscribe = useSubscribe();
  const { openSignIn } = useSignInDialog();
  const [search, setSearch] = useState('');
  const [manufacturer, setManufacturer] = useState('');
  const [model, setModel] = useState('');
  const [type, setType] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const manufacturers = useManufacturers();
  const models = useModels(manufacturer);
  const manuals = useManuals({ search: debounced, manufacturer, model, type }, true);
  const active = hasActiveSubscription(user);
  const filtering = debounced !== '' || manufacturer !== '' || model !== '' || type !== '';
  const list = manuals.data ?? [];

  const onDownload = (manual: Manual) => {
    if (!user) openSignIn('login');
    else if (!active) subscribe();
    else void downloadManual(manual);
  };

  return (
    <div className="space-y-6">
      {active ? (
        <section className="flex items-center gap-4 rounded-2xl bg-gradient-to-r from-amber-400 to-yellow-200 px-5 py-4 text-amber-950">
          <Crown className="size-7 shrink-0" aria-hidden />
          <div>
            <p className="font-bold">{m.premiumTitle}</p>
            <p className="text-sm">{m.premiumText}</p>
          </div>
        </section>
      ) : (
        <section className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-sky-700 to-cyan-600 px-5 py-5 text-white sm:flex-row sm:items-center">
          <Lock className="hidden size-7 shrink-0 sm:block" aria-hidden />
          <div className="flex-1">
            <p className="font-bold">{m.accessTitle}</p>
            <p className="text-sm text-sky-50">{m.accessText}</p>
          </div>
          <button type="button" onClick={subscribe} className={buttonStyles.accent}>
            {m.subscribe}
          </button>
        </section>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SearchInput value={search} onChange={setSearch} placeholder={m.search} />
        <Select
          label={m.allManufacturers}
          value={manufacturer}
          onChange={(e) => {
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
        <Select label={m.allModels} value={model} onChange={(e) => setModel(e.target.value)} disabled={manufacturer === ''}>
          <option value="">{m.allModels}</option>
          {(models.data ?? []).map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.name}
            </option>
          ))}
        </Select>
        <Select label={m.allTypes} value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">{m.allTypes}</option>
          {Object.entries(MANUAL_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {manuals.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : list.length === 0 ? (
        filtering ? (
          <EmptyState icon={FileText} title={m.emptyFiltered} description={m.emptyFilteredHint} />
        ) : (
          <EmptyState icon={FileText} title={m.empty} description={m.emptyHint} />
        )
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((manual) => (
            <ManualCard key={manual.id} manual={manual} onDownload={onDownload} />
          ))}
        </ul>
      )}
    </div>
  );
}

export default function ManualsPage() {
  const { user, isPending } = useAuth();
  return (
    <div className="space-y-6">
      <PageHeader title={m.title} subtitle={m.subtitle} />
      {isPending ? <PageSpinner label={messages.common.loading} /> : user ? <ManualsLibrary /> : <ManufacturersGrid />}
    </div>
  );
}
