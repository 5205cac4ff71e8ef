import type { AdminUserView } from '@clima/contract/auth';
import { SUBSCRIPTION_STATUSES } from '@clima/contract/common';
import { Pencil, Shield, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { DeleteConfirmDialog } from '../../../shared/ui/delete-confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ResultCount, SearchInput, Select } from '../../../shared/ui/filters';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '../../../shared/ui/spinner';
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
          <span className="truncate">{nameOf(user)}</span>
          {user.is_admin && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-md bg-violet-50 px-1.5 py-0.5 text-[11px] font-semibold text-violet-700 ring-1 ring-violet-200">
              <Shield className="size-3" aria-hidden />
              {m.adminMark}
            </span>
          )}
        </p>
        <p className="truncate text-sm text-slate-500">{user.email}</p>
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
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const users = useAdminUsers({ search: debounced, status }, admin !== null);
  const remove = useDeleteAdminUser();
  const [editing, setEditing] = useState<AdminUserView | null>(null);
  const [deleting, setDeleting] = useState<AdminUserView | null>(null);
  const list = users.data ?? [];

  return (
    <>
      <PageHeader title={m.title} subtitle={m.subtitle} />
      <div className="mb-5 flex flex-col gap-3 sm:flex-row">
        <SearchInput value={search} onChange={setSearch} placeholder={m.search} />
        <Select label={m.statusFilter} value={status} onChange={(e) => setStatus(e.target.value)} className="sm:w-56">
          <option value="">{m.allStatuses}</option>
          {(['active', 'canceled', 'expired', 'inactive'] as const satisfies readonly (typeof SUBSCRIPTION_STATUSES)[number][]).map((s) => (
            <option key={s} value={s}>
              {m.status[s]}
            </option>
          ))}
        </Select>
      </div>

      {users.isPending ? (
        <PageSpinner label={c.loading} />
      ) : list.length === 0 ? (
        <EmptyState icon={Users} title={m.empty} description={debounced || status ? m.emptyFilteredHint : undefined} />
      ) : (
        <>
          <ResultCount>{m.count(list.length)}</ResultCount>
          {/* Phone: cards. */}
          <ul className={`space-y-3 md:hidden ${users.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={m.title}>
            {list.map((user) => (
              <li key={user.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="user-row">
                <div className="flex items-start justify-between gap-2">
                  <UserIdentity user={user} />
                  <RowActions user={user} onEdit={() => setEditing(user)} onDelete={() => setDeleting(user)} />
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
              </li>
            ))}
          </ul>
          {/* Tablet and desktop: table. */}
          <div className={`hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block ${users.isPlaceholderData ? 'opacity-60' : ''}`}>
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-5 py-3">{m.columns.user}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.status}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.plan}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.expires}</th>
                  <th scope="col" className="px-4 py-3">{m.columns.created}</th>
                  <th scope="col" className="px-5 py-3 text-right">{m.columns.actions}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((user) => (
                  <tr key={user.id} className="hover:bg-slate-50/60" data-testid="user-row">
                    <td className="max-w-72 px-5 py-3"><UserIdentity user={user} /></td>
                    <td className="px-4 py-3"><StatusBadge status={user.subscription_status} /></td>
                    <td className="px-4 py-3 text-slate-700">{planLabel(user.subscription_plan)}</td>
                    <td className="px-4 py-3 text-slate-600">{expiresOf(user)}</td>
                    <td className="px-4 py-3 text-slate-600">{formatDate(user.created_at)}</td>
                    <td className="px-5 py-3"><RowActions user={user} onEdit={() => setEditing(user)} onDelete={() => setDeleting(user)} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <UserEditDialog user={editing} onClose={() => setEditing(null)} />
      <DeleteConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={m.deleteTitle}
        description={deleting ? m.deleteWarning(deleting.name?.trim() || deleting.email) : undefined}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
      />
    </>
  );
}
