import type { AuditEntry } from '@clima/contract/audit';
import { messages } from '../../../i18n/messages';
import { actionLabel } from './audit-format';

const m = messages.audit;

const ACTION_STYLES: Record<string, string> = {
  create: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  update: 'bg-sky-50 text-sky-700 ring-sky-200',
  reorder: 'bg-sky-50 text-sky-700 ring-sky-200',
  delete: 'bg-red-50 text-red-700 ring-red-200',
  upload: 'bg-violet-50 text-violet-700 ring-violet-200',
  captions: 'bg-violet-50 text-violet-700 ring-violet-200',
  login: 'bg-slate-100 text-slate-700 ring-slate-200',
  login_failed: 'bg-amber-50 text-amber-800 ring-amber-200',
  export: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  issue: 'bg-amber-50 text-amber-800 ring-amber-200',
  revoke: 'bg-red-50 text-red-700 ring-red-200',
};

export function ActionBadge({ action }: { action: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${ACTION_STYLES[action] ?? ACTION_STYLES.login}`}>
      {actionLabel(action)}
    </span>
  );
}

/** Username of an administrator, e-mail of an end user (marked as such), or 'Desconhecido' for a failed sign-in. */
export function ActorName({ entry }: { entry: Pick<AuditEntry, 'actor_id' | 'actor_name'> }) {
  return (
    <span className="inline-flex min-w-0 max-w-full items-center gap-1.5">
      <span className="wrap-anywhere">{entry.actor_name ?? m.unknownActor}</span>
      {entry.actor_id?.startsWith('user:') && (
        <span className="shrink-0 rounded-md bg-violet-50 px-1.5 py-0.5 text-[11px] font-semibold text-violet-700 ring-1 ring-violet-200">{m.userActor}</span>
      )}
    </span>
  );
}
