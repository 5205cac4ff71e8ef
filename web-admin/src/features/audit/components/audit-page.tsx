import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntry } from '@clima/contract/audit';
import { ChevronLeft, ChevronRight, Eye, ScrollText, X } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { useDebouncedValue } from '@clima/web-kit/use-debounced-value';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { Select } from '@clima/web-kit/filters';
import { ListPage, ListTable } from '@clima/web-kit/list-page';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { PER_PAGE } from '../api/audit-api';
import { useAuditLog } from '../hooks/use-audit-log';
import { ActionBadge, ActorName } from './audit-badges';
import { AuditDetailsDialog } from './audit-details-dialog';
import { actionLabel, entityLabel, formatDateTime } from './audit-format';

const m = messages.audit;

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
      <ListPage
        header={<PageHeader title={m.title} subtitle={m.subtitle} />}
        toolbar={
          <>
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
          </>
        }
        loading={log.isPending}
        stale={log.isPlaceholderData}
        items={items}
        total={total}
        count={m.count}
        failure={
          log.isError && !log.data ? (
            <div className="space-y-3">
              <Alert tone="error">{log.error instanceof Error && log.error.message ? log.error.message : m.loadError}</Alert>
              <button type="button" onClick={() => void log.refetch()} className={buttonStyles.secondary}>
                {m.retry}
              </button>
            </div>
          ) : undefined
        }
        empty={<EmptyState icon={ScrollText} title={m.empty} description={filtered ? m.emptyFilteredHint : m.emptyHint} />}
        notice={
          log.isError && log.error instanceof Error ? (
            <div className="mb-3">
              <Alert tone="error">{log.error.message || m.loadError}</Alert>
            </div>
          ) : undefined
        }
        footer={<Pagination page={page} pages={pages} onPage={setPage} />}
      >
        {(list) => (
          <ListTable
            label={m.title}
            items={list}
            rowKey={(entry) => entry.id}
            testId="audit-row"
            columns={[
              { header: m.columns.when, className: 'whitespace-nowrap text-slate-600', cell: (entry) => formatDateTime(entry.occurred_at) },
              { header: m.columns.who, className: 'max-w-56 font-medium text-slate-800', cell: (entry) => <ActorName entry={entry} /> },
              { header: m.columns.action, cell: (entry) => <ActionBadge action={entry.action} /> },
              { header: m.columns.entity, className: 'text-slate-700', cell: (entry) => entityLabel(entry.entity) },
              {
                header: m.columns.record,
                className: 'max-w-40 wrap-anywhere text-slate-600',
                cell: (entry) => <span title={entry.record_id ?? undefined}>{entry.record_id ?? m.noRecord}</span>,
              },
              { header: m.columns.details, className: 'text-right', cell: (entry) => <DetailsButton entry={entry} onOpen={() => setOpen(entry)} /> },
            ]}
            card={(entry) => (
              <>
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
                    <dd className="mt-0.5 wrap-anywhere text-slate-800">{entry.record_id ?? m.noRecord}</dd>
                  </div>
                </dl>
                <div className="mt-3">
                  <DetailsButton entry={entry} onOpen={() => setOpen(entry)} wide />
                </div>
              </>
            )}
          />
        )}
      </ListPage>

      <AuditDetailsDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
