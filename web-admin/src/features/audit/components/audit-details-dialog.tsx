import type { AuditEntry } from '@clima/contract/audit';
import { Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../i18n/messages';
import { Modal } from '@clima/web-kit/modal';
import { ActionBadge, ActorName } from './audit-badges';
import { diffRecords, entityLabel, fieldLabel, formatDateTime, formatValue, HIDDEN_VALUE, type FieldChange } from './audit-format';

const m = messages.audit;
const d = m.dialog;

function Value({ field, value, tone }: { field: string; value: unknown; tone: 'before' | 'after' | 'plain' }) {
  if (value === HIDDEN_VALUE) {
    return (
      <span className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600" title={d.hiddenHint}>
        <Lock className="size-3" aria-hidden />
        {d.hidden}
      </span>
    );
  }
  const text = formatValue(field, value);
  const styles = {
    before: 'bg-red-50 text-red-900 ring-red-200',
    after: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    plain: 'bg-slate-50 text-slate-700 ring-slate-200',
  }[tone];
  return <span className={`block whitespace-pre-wrap break-words rounded-lg px-2.5 py-1.5 text-sm ring-1 ${styles}`}>{text}</span>;
}

/** One field: before and after side by side from 640 px, one above the other on a phone. */
function FieldRow({ change, mode }: { change: FieldChange; mode: 'create' | 'delete' | 'edit' }) {
  const label = fieldLabel(change.key);
  if (mode !== 'edit' || !change.changed) {
    const value = mode === 'create' || (mode === 'edit' && change.after !== undefined) ? change.after : change.before;
    return (
      <div className="py-2.5" data-testid="audit-field" data-field={change.key}>
        <p className="mb-1 text-xs font-semibold text-slate-500">{label}</p>
        <Value field={change.key} value={value} tone="plain" />
      </div>
    );
  }
  return (
    <div className="py-2.5" data-testid="audit-change" data-field={change.key}>
      <p className="mb-1 text-xs font-semibold text-slate-500">{label}</p>
      <div className="grid gap-1.5 sm:grid-cols-2">
        <div data-side="before">
          <span className="mb-0.5 block text-[11px] font-semibold uppercase tracking-wide text-red-700">{d.before}</span>
          <Value field={change.key} value={change.before} tone="before" />
        </div>
        <div data-side="after">
          <span className="mb-0.5 block text-[11px] font-semibold uppercase tracking-wide text-emerald-700">{d.after}</span>
          <Value field={change.key} value={change.after} tone="after" />
        </div>
      </div>
    </div>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const [showAll, setShowAll] = useState(false);
  const omitted = [entry.before, entry.after].some((v) => v && typeof v === 'object' && '_omitido' in v);
  if (omitted) return <p className="text-sm text-slate-500">{d.omitted}</p>;
  const changes = diffRecords(entry.before ?? null, entry.after ?? null);
  if (!changes.length) return <p className="text-sm text-slate-500">{d.noData}</p>;
  const mode = entry.before == null ? 'create' : entry.after == null ? 'delete' : 'edit';
  if (mode !== 'edit') {
    return (
      <div>
        <p className="mb-1 text-sm text-slate-600">{mode === 'create' ? d.created : d.deleted}</p>
        <div className="divide-y divide-slate-100">
          {changes.map((c) => (
            <FieldRow key={c.key} change={c} mode={mode} />
          ))}
        </div>
      </div>
    );
  }
  // what changed first; the rest only when asked for
  const changed = changes.filter((c) => c.changed);
  const unchanged = changes.filter((c) => !c.changed);
  return (
    <div>
      {changed.length === 0 && <p className="mb-1 text-sm text-slate-600">{d.noChanges}</p>}
      <div className="divide-y divide-slate-100">
        {changed.map((c) => (
          <FieldRow key={c.key} change={c} mode={mode} />
        ))}
      </div>
      {unchanged.length > 0 && (
        <>
          <button type="button" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} className="mt-2 text-sm font-medium text-sky-700 hover:text-sky-900 hover:underline">
            {showAll ? d.hideSame : d.showAll}
          </button>
          {showAll && (
            <div className="mt-2 border-t border-slate-200 pt-2">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{d.unchanged}</p>
              <div className="divide-y divide-slate-100">
                {unchanged.map((c) => (
                  <FieldRow key={c.key} change={c} mode={mode} />
                ))}
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function Meta({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-medium text-slate-800">{children}</dd>
    </div>
  );
}

/** Everything one audit row holds, with the record's before and after as a readable comparison. */
export function AuditDetailsDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Modal open={entry !== null} onClose={onClose} title={d.title} closeLabel={messages.common.close} size="lg">
      {entry && (
        <div className="space-y-5" data-testid="audit-details">
          <dl className="grid grid-cols-2 gap-3">
            <Meta label={d.when}>{formatDateTime(entry.occurred_at)}</Meta>
            <Meta label={d.who}>
              <ActorName entry={entry} />
            </Meta>
            <Meta label={d.action}>
              <ActionBadge action={entry.action} />
            </Meta>
            <Meta label={d.entity}>{entityLabel(entry.entity)}</Meta>
            <Meta label={d.record}>{entry.record_id ?? m.noRecord}</Meta>
            <Meta label={d.address}>{entry.ip ?? m.noRecord}</Meta>
            <Meta label={d.route} wide>
              <code className="break-all text-xs">
                {entry.method} {entry.path} → {entry.status}
              </code>
            </Meta>
            <Meta label={d.requestId} wide>
              <code className="break-all text-xs">{entry.request_id ?? m.noRecord}</code>
            </Meta>
          </dl>
          <section aria-label={d.changes}>
            <h3 className="mb-2 text-sm font-bold text-slate-900">{d.changes}</h3>
            <Changes entry={entry} />
          </section>
        </div>
      )}
    </Modal>
  );
}
