import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntry } from '@clima/contract/audit';
import { ChevronLeft, ChevronRight, Eye, ScrollText, X } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { Alert } from '../../../shared/ui/alert';
import { buttonStyles, inputStyles, labelStyles } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ResultCount, Select } from '../../../shared/ui/filters';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '../../../shared/ui/spinner';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { PER_PAGE } from '../api/audit-api';
import { useAuditLog } from '../hooks/use-audit-log';
import { ActionBadge, ActorName } from './audit-badges';
import { AuditDetailsDialog } from './audit-details-dialog';
import { actionLabel, entityLabel, formatDateTime } from './audit-format';

const m = messages.audit;
const c = messages.common;

function DetailsButton({ entry, onOpen, wide }: { entry: AuditEntry; onOpen: () => void; wide?: boolean }) {
  const label = m.detailsLabel(actionLabel(entry.action), entityLabel(entry.entity), formatDateTime(entry.occurred_at));
  return wide ? (
    <button type="button" onClick={onOpen} aria-label={label} className={`${buttonStyles.secondary} w-full`}>
      <Eye className="size-4" aria-hidden />
      {m.details}
    </button>
  ) : (
    <button type="button" onClick={onOpen} aria-label={label} title={m.details} className="ml-auto grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-sky-50 hover:text-sky-700">
      <Eye className="size-4" aria-hidden />
    </button>
  );
}

function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={m.pagination} className="mt-4 flex items-center justify-between gap-3">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} className={buttonStyles.secondary}>
        <ChevronLeft className="size-4" aria-hidden />
        {m.previous}
      </button>
      <span className="text-sm text-slate-600" aria-live="polite">
        {m.page(page, pages)}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pages} className={buttonStyles.secondary}>
        {m.next}
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}

/** 'Auditoria': every recorded administrator action, newest first, filtered and paginated. */
export function AuditPage() {
  const { admin } = useAdminAuth();
  const [actor, setActor] = useState('');
  const [entity, setEntity] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const debouncedActor = useDebouncedValue(actor.trim());
  const filters = { admin: debouncedActor, entity, action, from, to, page };
  const log = useAuditLog(filters, admin !== null);
  const filtered = Boolean(debouncedActor || entity || action || from || to);
  const items = log.data?.items ?? [];
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  // any change of filter starts again at the first page
  const refilter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  const clear = () => {
    setActor('');
    setEntity('');
    setAction('');
    setFrom('');
    setTo('');
    setPage(1);
  };

  return (
    <>
      <PageHeader title={m.title} subtitle={m.subtitle} />
      <section aria-label={m.filters} className="mb-5 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <div className="sm:col-span-2 lg:col-span-2">
          <label htmlFor="audit-admin" className={labelStyles}>
            {m.admin}
          </label>
          <input
            id="audit-admin"
            type="search"
            value={actor}
            onChange={(e) => refilter(setActor)(e.target.value)}
            placeholder={m.adminPlaceholder}
            className={inputStyles}
          />
        </div>
        <div>
          <span className={labelStyles} aria-hidden>
            {m.entity}
          </span>
          <Select label={m.entity} value={entity} onChange={(e) => refilter(setEntity)(e.target.value)}>
            <option value="">{m.allEntities}</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {entityLabel(e)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <span className={labelStyles} aria-hidden>
            {m.action}
          </span>
          <Select label={m.action} value={action} onChange={(e) => refilter(setAction)(e.target.value)}>
            <option value="">{m.allActions}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="audit-from" className={labelStyles}>
            {m.from}
          </label>
          <input id="audit-from" type="date" value={from} max={to || undefined} onChange={(e) => refilter(setFrom)(e.target.value)} className={inputStyles} />
        </div>
        <div>
          <label htmlFor="audit-to" className={labelStyles}>
            {m.to}
          </label>
          <input id="audit-to" type="date" value={to} min={from || undefined} onChange={(e) => refilter(setTo)(e.target.value)} className={inputStyles} />
        </div>
      </section>
      {filtered && (
        <div className="-mt-2 mb-4">
          <button type="button" onClick={clear} className={buttonStyles.ghost}>
            <X className="size-4" aria-hidden />
            {m.clear}
          </button>
        </div>
      )}

      {log.isPending ? (
        <PageSpinner label={c.loading} />
      ) : log.isError && !log.data ? (
        <div className="space-y-3">
          <Alert tone="error">{log.error instanceof Error && log.error.message ? log.error.message : m.loadError}</Alert>
          <button type="button" onClick={() => void log.refetch()} className={buttonStyles.secondary}>
            {m.retry}
          </button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={ScrollText} title={m.empty} description={filtered ? m.emptyFilteredHint : m.emptyHint} />
      ) : (
        <>
          {log.isError && log.error instanceof Error && (
            <div className="mb-3">
              <Alert tone="error">{log.error.message || m.loadError}</Alert>
            </div>
          )}
          <ResultCount>{m.count(total)}</ResultCount>
          {/* Phone: cards. */}
          <ul className={`space-y-3 md:hidden ${log.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={m.title}>
            {items.map((entry) => (
              <li key={entry.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="audit-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <ActionBadge action={entry.action} />
                  <span className="text-xs text-slate-500">{formatDateTime(entry.occurred_at)}</span>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <div className="col-span-2 min-w-0">
                    <dt className="text-xs text-slate-500">{m.columns.who}</dt>
                    <dd className="mt-0.5 font-medium text-slate-800">
                      <ActorName entry={entry} />
                    </dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">{m.columns.entity}</dt>
                    <dd className="mt-0.5 text-slate-800">{entityLabel(entry.entity)}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">{m.columns.record}</dt>
                    <dd className="mt-0.5 truncate text-slate-800">{entry.record_id ?? m.noRecord}</dd>
                  </div>
                </dl>
                <div className="mt-3">
                  <DetailsButton entry={entry} onOpen={() => setOpen(entry)} wide />
                </div>
              </li>
            ))}
          </ul>
          {/* Tablet and desktop: table. */}
          <div className={`hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block ${log.isPlaceholderData ? 'opacity-60' : ''}`}>
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-5 py-3">{m.columns.when}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.who}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.action}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.entity}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.record}</th>
                  <th scope="col" className="px-5 py-3 text-right">{m.columns.details}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((entry) => (
                  <tr key={entry.id} className="hover:bg-slate-50/60" data-testid="audit-row">
                    <td className="whitespace-nowrap px-5 py-3 text-slate-600">{formatDateTime(entry.occurred_at)}</td>
                    <td className="max-w-56 px-4 py-3 font-medium text-slate-800">
                      <ActorName entry={entry} />
                    </td>
                    <td className="px-4 py-3">
                      <ActionBadge action={entry.action} />
                    </td>
                    <td className="px-4 py-3 text-slate-700">{entityLabel(entry.entity)}</td>
                    <td className="max-w-40 truncate px-4 py-3 text-slate-600" title={entry.record_id ?? undefined}>
                      {entry.record_id ?? m.noRecord}
                    </td>
                    <td className="px-5 py-2 text-right">
                      <DetailsButton entry={entry} onOpen={() => setOpen(entry)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pages={pages} onPage={setPage} />
        </>
      )}

      <AuditDetailsDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
