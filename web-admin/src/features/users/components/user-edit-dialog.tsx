import type { AdminUserView } from '@clima/contract/auth';
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from '@clima/contract/common';
import { useEffect, useId, useState } from 'react';
import { messages } from '../../../i18n/messages';
import { buttonStyles, inputStyles, labelStyles } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { useUpdateAdminUser } from '../hooks/use-admin-users';
import { normalizeStatus, planLabel } from './user-badges';

const m = messages.users;

export function UserEditDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const update = useUpdateAdminUser();
  const [status, setStatus] = useState('inactive');
  const [plan, setPlan] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const ids = { status: useId(), plan: useId(), admin: useId() };

  useEffect(() => {
    if (!user) return;
    setStatus(normalizeStatus(user.subscription_status));
    setPlan(user.subscription_plan ?? '');
    setIsAdmin(user.is_admin);
  }, [user]);

  const onSubmit = async () => {
    if (!user) return;
    try {
      await update.mutateAsync({
        id: user.id,
        body: {
          name: user.name,
          email: user.email,
          subscription_status: status,
          subscription_plan: plan === 'monthly' || plan === 'annual' ? plan : null,
          is_admin: isAdmin,
        },
      });
      onClose();
    } catch {
      // Logged by the mutation; the dialog stays open (spec 8: no message on this screen).
    }
  };

  return (
    <Modal open={user !== null} onClose={onClose} title={m.editTitle} description={user ? `${user.name ?? ''} ${user.email}`.trim() : undefined} closeLabel={messages.common.close} dismissible={!update.isPending}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
        className="space-y-4"
      >
        <div>
          <label htmlFor={ids.status} className={labelStyles}>
            {m.subscriptionStatus}
          </label>
          <select id={ids.status} value={status} onChange={(e) => setStatus(e.target.value)} className={inputStyles}>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {m.status[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.plan} className={labelStyles}>
            {m.subscriptionPlan}
          </label>
          <select id={ids.plan} value={plan} onChange={(e) => setPlan(e.target.value)} className={inputStyles}>
            <option value="">{m.plan.none}</option>
            {SUBSCRIPTION_PLANS.map((p) => (
              <option key={p} value={p}>
                {planLabel(p)}
              </option>
            ))}
          </select>
        </div>
        <label htmlFor={ids.admin} className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3.5 hover:bg-slate-50">
          <input
            id={ids.admin}
            type="checkbox"
            checked={isAdmin}
            onChange={(e) => setIsAdmin(e.target.checked)}
            className="mt-0.5 size-4 rounded border-slate-300 accent-sky-600"
          />
          <span>
            <span className="block text-sm font-semibold text-slate-900">{m.isAdmin}</span>
            <span className="block text-xs text-slate-500">{m.isAdminHint}</span>
          </span>
        </label>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} disabled={update.isPending} className={buttonStyles.secondary}>
            {messages.common.cancel}
          </button>
          <button type="submit" disabled={update.isPending} className={buttonStyles.primary}>
            {update.isPending ? messages.common.saving : messages.common.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
