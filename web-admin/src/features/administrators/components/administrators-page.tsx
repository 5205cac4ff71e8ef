import type { Administrator } from '@clima/contract/auth';
import { Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { ListPage, ListTable, useListSearch } from '@clima/web-kit/list-page';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { useAdministrators, useDeleteAdministrator } from '../hooks/use-administrators';
import { AdministratorFormDialog } from './administrator-form-dialog';

const m = messages.administrators;
const c = messages.common;

export function AdministratorsPage() {
  const { admin } = useAdminAuth();
  const search = useListSearch();
  const administrators = useAdministrators(search.debounced, admin !== null);
  const remove = useDeleteAdministrator();
  const [formTarget, setFormTarget] = useState<Administrator | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Administrator | null>(null);

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
      <span className="min-w-0 wrap-anywhere font-semibold text-slate-900">{a.username}</span>
      {isSelf(a) && <span className="shrink-0 rounded-md bg-sky-50 px-1.5 py-0.5 text-[11px] font-semibold text-sky-700 ring-1 ring-sky-200">{m.you}</span>}
    </div>
  );

  return (
    <>
      <ListPage
        header={
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
        }
        search={{ ...search, placeholder: m.search }}
        loading={administrators.isPending}
        stale={administrators.isPlaceholderData}
        items={administrators.data ?? []}
        count={m.count}
        empty={<EmptyState icon={ShieldCheck} title={m.empty} description={search.debounced ? m.emptyFilteredHint : undefined} />}
        confirmDelete={{
          target: deleting,
          onClose: () => setDeleting(null),
          title: m.deleteTitle,
          describe: (a) => m.deleteWarning(a.username),
          onConfirm: async (a) => {
            await remove.mutateAsync(a.id);
          },
        }}
      >
        {(list) => (
          <ListTable
            label={m.title}
            items={list}
            rowKey={(a) => a.id}
            testId="administrator-row"
            columns={[
              { header: m.columns.username, cell: identity },
              { header: m.columns.id, className: 'font-mono text-slate-600', cell: (a) => a.id },
              { header: m.columns.created, className: 'text-slate-600', cell: (a) => formatDate(a.created_at) },
              { header: m.columns.actions, cell: actions },
            ]}
            card={(a) => (
              <div className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  {identity(a)}
                  <p className="mt-1.5 text-xs text-slate-500">
                    {m.columns.id} {a.id} · {formatDate(a.created_at)}
                  </p>
                </div>
                {actions(a)}
              </div>
            )}
          />
        )}
      </ListPage>
      <AdministratorFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
    </>
  );
}
