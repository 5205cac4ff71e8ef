import type { AdminUserView } from '@clima/contract/auth';
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from '@clima/contract/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { messages } from '../../../i18n/messages';
import { inputStyles, labelStyles } from '@clima/web-kit/button';
import { DialogForm, FormDialog } from '../../../shared/ui/form-dialog';
import { UserPayments } from '../../billing/components/user-payments';
import { useUpdateAdminUser } from '../hooks/use-admin-users';
import { normalizeStatus, planLabel } from './user-badges';

const m = messages.users;

// Selects and a checkbox only: every value they can hold is valid, the schema just types them.
const schema = z.object({
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  subscription_plan: z.union([z.enum(SUBSCRIPTION_PLANS), z.literal('')]),
  is_admin: z.boolean(),
});
type Values = z.infer<typeof schema>;

const valuesOf = (user: AdminUserView): Values => {
  const plan = user.subscription_plan ?? '';
  return {
    subscription_status: normalizeStatus(user.subscription_status),
    subscription_plan: plan === 'monthly' || plan === 'annual' ? plan : '',
    is_admin: user.is_admin,
  };
};

export function UserEditDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const update = useUpdateAdminUser();
  const { register, handleSubmit, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { subscription_status: 'inactive', subscription_plan: '', is_admin: false },
  });
  const ids = { status: useId(), plan: useId(), admin: useId() };

  // before the opened dialog is painted: what is typed into it at once is not wiped by the reset
  useLayoutEffect(() => {
    if (user) reset(valuesOf(user));
  }, [user, reset]);

  const onSubmit = async (values: Values) => {
    if (!user) return;
    try {
      await update.mutateAsync({
        id: user.id,
        body: {
          name: user.name,
          email: user.email,
          subscription_status: values.subscription_status,
          subscription_plan: values.subscription_plan === '' ? null : values.subscription_plan,
          is_admin: values.is_admin,
        },
      });
      onClose();
    } catch {
      // Logged by the mutation; the dialog stays open (spec 8: no message on this screen).
    }
  };

  return (
    <FormDialog open={user !== null} onClose={onClose} title={m.editTitle} description={user ? `${user.name ?? ''} ${user.email}`.trim() : undefined} pending={update.isPending}>
      <DialogForm onSubmit={(event) => void handleSubmit(onSubmit)(event)} onCancel={onClose} pending={update.isPending} submitLabel={messages.common.save}>
        <div>
          <label htmlFor={ids.status} className={labelStyles}>
            {m.subscriptionStatus}
          </label>
          <select id={ids.status} className={inputStyles} {...register('subscription_status')}>
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
          <select id={ids.plan} className={inputStyles} {...register('subscription_plan')}>
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
            {...register('is_admin')}
            className="mt-0.5 size-4 rounded border-slate-300 accent-sky-700"
          />
          <span>
            <span className="block text-sm font-semibold text-slate-900">{m.isAdmin}</span>
            <span className="block text-xs text-slate-600">{m.isAdminHint}</span>
          </span>
        </label>
      </DialogForm>
      {user && <UserPayments userId={user.id} />}
    </FormDialog>
  );
}
