import type { AdminUserView } from '@clima/contract/auth';
import { SUBSCRIPTION_STATUSES } from '@clima/contract/common';
import { Pencil, Shield, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { EmptyState } from '@clima/web-kit/empty-state';
import { Select } from '@clima/web-kit/filters';
import { ListPage, ListTable, useListSearch } from '@clima/web-kit/list-page';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { useAdminUsers, useDeleteAdminUser } from '../hooks/use-admin-users';
import { planLabel, StatusBadge } from './user-badges';
import { UserEditDialog } from './user-edit-dialog';

const m = messages.users;
const c = messages.common;

const nameOf = (u: AdminUserView) => u.name?.trim() || u.email.split('@')[0] || u.email;
const expiresOf = (u: AdminUserView) => formatDate(u.subscription_expires_at) || c.notAvailable;

function UserIdentity({ user }: { user: AdminUserView }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-sky-100 text-sm font-bold uppercase text-sky-700" aria-hidden>
        {nameOf(user).charAt(0)}
      </span>
      <div className="min-w-0">
        <p className="flex items-center gap-1.5 font-semibold text-slate-900">
          <span className="wrap-anywhere">{nameOf(user)}</span>
          {user.is_admin && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-md bg-violet-50 px-1.5 py-0.5 text-[11px] font-semibold text-violet-700 ring-1 ring-violet-200">
              <Shield className="size-3" aria-hidden />
              {m.adminMark}
            </span>
          )}
        </p>
        <p className="wrap-anywhere text-sm text-slate-500">{user.email}</p>
      </div>
    </div>
  );
}

function RowActions({ user, onEdit, onDelete }: { user: AdminUserView; onEdit: () => void; onDelete: () => void }) {
  const who = nameOf(user);
  return (
    <div className="flex justify-end gap-1">
      <button type="button" onClick={onEdit} aria-label={m.editLabel(who)} title={c.edit} className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-sky-50 hover:text-sky-700">
        <Pencil className="size-4" aria-hidden />
      </button>
      <button type="button" onClick={onDelete} aria-label={m.deleteLabel(who)} title={c.delete} className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600">
        <Trash2 className="size-4" aria-hidden />
      </button>
    </div>
  );
}

export function UsersPage() {
  const { admin } = useAdminAuth();
  const search = useListSearch();
  const [status, setStatus] = useState('');
  const users = useAdminUsers({ search: search.debounced, status }, admin !== null);
  const remove = useDeleteAdminUser();
  const [editing, setEditing] = useState<AdminUserView | null>(null);
  const [deleting, setDeleting] = useState<AdminUserView | null>(null);
  const actions = (user: AdminUserView) => <RowActions user={user} onEdit={() => setEditing(user)} onDelete={() => setDeleting(user)} />;

  return (
    <>
      <ListPage
        header={<PageHeader title={m.title} subtitle={m.subtitle} />}
        search={{ ...search, placeholder: m.search }}
        filters={
          <Select label={m.statusFilter} value={status} onChange={(e) => setStatus(e.target.value)} className="sm:w-56">
            <option value="">{m.allStatuses}</option>
            {(['active', 'canceled', 'expired', 'inactive'] as const satisfies readonly (typeof SUBSCRIPTION_STATUSES)[number][]).map((s) => (
              <option key={s} value={s}>
                {m.status[s]}
              </option>
            ))}
          </Select>
        }
        loading={users.isPending}
        stale={users.isPlaceholderData}
        items={users.data ?? []}
        count={m.count}
        empty={<EmptyState icon={Users} title={m.empty} description={search.debounced || status ? m.emptyFilteredHint : undefined} />}
        confirmDelete={{
          target: deleting,
          onClose: () => setDeleting(null),
          title: m.deleteTitle,
          describe: (user) => m.deleteWarning(user.name?.trim() || user.email),
          onConfirm: async (user) => {
            await remove.mutateAsync(user.id);
          },
        }}
      >
        {(list) => (
          <ListTable
            label={m.title}
            items={list}
            rowKey={(user) => user.id}
            testId="user-row"
            columns={[
              { header: m.columns.user, className: 'max-w-72', cell: (user) => <UserIdentity user={user} /> },
              { header: m.columns.status, cell: (user) => <StatusBadge status={user.subscription_status} /> },
              { header: m.columns.plan, className: 'text-slate-700', cell: (user) => planLabel(user.subscription_plan) },
              { header: m.columns.expires, className: 'text-slate-600', cell: expiresOf },
              { header: m.columns.created, className: 'text-slate-600', cell: (user) => formatDate(user.created_at) },
              { header: m.columns.actions, cell: actions },
            ]}
            card={(user) => (
              <>
                <div className="flex items-start justify-between gap-2">
                  <UserIdentity user={user} />
                  {actions(user)}
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500">{m.columns.status}</dt>
                    <dd className="mt-0.5"><StatusBadge status={user.subscription_status} /></dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">{m.columns.plan}</dt>
                    <dd className="mt-0.5 font-medium text-slate-800">{planLabel(user.subscription_plan)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">{m.columns.expires}</dt>
                    <dd className="mt-0.5 text-slate-700">{expiresOf(user)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">{m.columns.created}</dt>
                    <dd className="mt-0.5 text-slate-700">{formatDate(user.created_at)}</dd>
                  </div>
                </dl>
              </>
            )}
          />
        )}
      </ListPage>
      <UserEditDialog user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
