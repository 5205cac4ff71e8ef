import type { Administrator } from '@clima/contract/auth';
import { Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { buttonStyles } from '../../../shared/ui/button';
import { DeleteConfirmDialog } from '../../../shared/ui/delete-confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ResultCount, SearchInput } from '../../../shared/ui/filters';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '../../../shared/ui/spinner';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { useAdministrators, useDeleteAdministrator } from '../hooks/use-administrators';
import { AdministratorFormDialog } from './administrator-form-dialog';

const m = messages.administrators;
const c = messages.common;

export function AdministratorsPage() {
  const { admin } = useAdminAuth();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const administrators = useAdministrators(debounced, admin !== null);
  const remove = useDeleteAdministrator();
  const [formTarget, setFormTarget] = useState<Administrator | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Administrator | null>(null);
  const list = administrators.data ?? [];

  // An administrator cannot delete their own account: the button is hidden on their row.
  const isSelf = (a: Administrator) => admin?.kind === 'administrator' && (admin.username === a.username || admin.id === String(a.id));

  const actions = (a: Administrator) => (
    <div className="flex justify-end gap-1">
      <button type="button" onClick={() => setFormTarget(a)} aria-label={m.editLabel(a.username)} title={c.edit} className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-sky-50 hover:text-sky-700">
        <Pencil className="size-4" aria-hidden />
      </button>
      {!isSelf(a) && (
        <button type="button" onClick={() => setDeleting(a)} aria-label={m.deleteLabel(a.username)} title={c.delete} className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600">
          <Trash2 className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );

  const identity = (a: Administrator) => (
    <div className="flex items-center gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-900 text-sm font-bold uppercase text-white" aria-hidden>
        {a.username.charAt(0)}
      </span>
      <span className="min-w-0 truncate font-semibold text-slate-900">{a.username}</span>
      {isSelf(a) && <span className="shrink-0 rounded-md bg-sky-50 px-1.5 py-0.5 text-[11px] font-semibold text-sky-700 ring-1 ring-sky-200">{m.you}</span>}
    </div>
  );

  return (
    <>
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <button type="button" onClick={() => setFormTarget('new')} className={buttonStyles.primary}>
            <Plus className="size-4" aria-hidden />
            {m.create}
          </button>
        }
      />
      <div className="mb-5">
        <SearchInput value={search} onChange={setSearch} placeholder={m.search} />
      </div>
      {administrators.isPending ? (
        <PageSpinner label={c.loading} />
      ) : list.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={m.empty} description={debounced ? m.emptyFilteredHint : undefined} />
      ) : (
        <>
          <ResultCount>{m.count(list.length)}</ResultCount>
          <ul className={`space-y-3 md:hidden ${administrators.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={m.title}>
            {list.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="administrator-row">
                <div className="min-w-0">
                  {identity(a)}
                  <p className="mt-1.5 text-xs text-slate-500">
                    {m.columns.id} {a.id} · {formatDate(a.created_at)}
                  </p>
                </div>
                {actions(a)}
              </li>
            ))}
          </ul>
          <div className={`hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block ${administrators.isPlaceholderData ? 'opacity-60' : ''}`}>
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-5 py-3">{m.columns.username}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.id}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.created}</th>
                  <th scope="col" className="px-5 py-3 text-right">{m.columns.actions}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((a) => (
                  <tr key={a.id} className="hover:bg-slate-50/60" data-testid="administrator-row">
                    <td className="px-5 py-3">{identity(a)}</td>
                    <td className="px-4 py-3 font-mono text-slate-600">{a.id}</td>
                    <td className="px-4 py-3 text-slate-600">{formatDate(a.created_at)}</td>
                    <td className="px-5 py-3">{actions(a)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <AdministratorFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <DeleteConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={m.deleteTitle}
        description={deleting ? m.deleteWarning(deleting.username) : undefined}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
      />
    </>
  );
}
