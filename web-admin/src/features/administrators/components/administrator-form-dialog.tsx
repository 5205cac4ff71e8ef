import { zodResolver } from '@hookform/resolvers/zod';
import { AdministratorCreateBody, AdministratorUpdateBody, type Administrator } from '@clima/contract/auth';
import { useLayoutEffect, useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { messages } from '../../../i18n/messages';
import { inputStyles, labelStyles } from '@clima/web-kit/button';
import { DialogForm, FormDialog, useSaveError } from '../../../shared/ui/form-dialog';
import { PasswordInput } from '@clima/web-kit/password-input';
import { useSaveAdministrator } from '../hooks/use-administrators';

const m = messages.administrators;
type Values = { username: string; password: string };
const createResolver = zodResolver(AdministratorCreateBody) as unknown as Resolver<Values>;
const updateResolver = zodResolver(AdministratorUpdateBody) as unknown as Resolver<Values>;

/** Create (target undefined → 'new') or edit an administrator; on edit a blank password keeps the old one. */
export function AdministratorFormDialog({ target, onClose }: { target: Administrator | 'new' | null; onClose: () => void }) {
  const save = useSaveAdministrator();
  const editing = target !== null && target !== 'new' ? target : null;
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const [showPassword, setShowPassword] = useState(false);
  const { error, setError, attempt } = useSaveError(m.saveFailed);
  const ids = { username: useId(), password: useId(), hint: useId() };
  const { register, handleSubmit, reset, formState } = useForm<Values>({
    defaultValues: { username: '', password: '' },
    resolver: (values, ctx, opts) => (editingRef.current ? updateResolver : createResolver)(values, ctx, opts),
  });

  // before the opened dialog is painted: what is typed into it at once is not wiped by the reset
  useLayoutEffect(() => {
    if (target === null) return;
    reset({ username: target === 'new' ? '' : target.username, password: '' });
    setShowPassword(false);
    setError(null);
  }, [target, reset, setError]);

  const onValid = (values: Values) =>
    attempt(async () => {
      await save.mutateAsync({ id: editing?.id ?? null, body: { username: values.username.trim(), password: values.password } });
      onClose();
    });

  const fieldError = formState.errors.username?.message ?? formState.errors.password?.message;
  return (
    <FormDialog open={target !== null} onClose={onClose} title={editing ? m.editTitle : m.createTitle} pending={save.isPending}>
      <DialogForm
        onSubmit={handleSubmit(onValid)}
        onCancel={onClose}
        pending={save.isPending}
        submitLabel={editing ? m.submitEdit : m.submitCreate}
        pendingLabel={m.saving}
        error={fieldError ?? error}
      >
        <div>
          <label htmlFor={ids.username} className={labelStyles}>
            {m.username}
          </label>
          <input id={ids.username} autoComplete="off" autoCapitalize="off" aria-invalid={Boolean(formState.errors.username)} className={inputStyles} {...register('username')} />
        </div>
        <div>
          <label htmlFor={ids.password} className={labelStyles}>
            {m.password}
          </label>
          <PasswordInput
            id={ids.password}
            autoComplete="new-password"
            visible={showPassword}
            onToggleVisible={() => setShowPassword((v) => !v)}
            aria-invalid={Boolean(formState.errors.password)}
            aria-describedby={editing ? ids.hint : undefined}
            {...register('password')}
          />
          {editing && (
            <p id={ids.hint} className="mt-1.5 text-xs text-slate-600">
              {m.passwordEditHint}
            </p>
          )}
        </div>
      </DialogForm>
    </FormDialog>
  );
}
