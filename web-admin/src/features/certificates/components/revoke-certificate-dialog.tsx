import type { AdminCertificate } from '@clima/contract/certificates';
import { AlertTriangle, ShieldX } from 'lucide-react';
import { useId, useState } from 'react';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { Modal } from '@clima/web-kit/modal';
import { Spinner } from '@clima/web-kit/spinner';
import { useRevokeCertificate } from '../hooks/use-admin-certificates';
import { holderOf } from './certificate-badges';

const m = messages.certificates;

/** Confirms a revocation, with an optional reason kept for the administrators. */
export function RevokeCertificateDialog({ certificate, onClose }: { certificate: AdminCertificate | null; onClose: () => void }) {
  const revoke = useRevokeCertificate();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const hintId = useId();
  const close = () => {
    if (revoke.isPending) return;
    setReason('');
    revoke.reset();
    onClose();
  };
  const error = revoke.error ? (revoke.error instanceof ApiError ? revoke.error.message : m.revokeFailed) : null;

  return (
    <Modal open={certificate !== null} onClose={close} title={m.revokeTitle} dismissible={!revoke.isPending} closeLabel={messages.common.close} size="md">
      {certificate && (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            revoke.mutate({ code: certificate.code, reason }, { onSuccess: () => close() });
          }}
        >
          <div className="flex gap-3 rounded-xl bg-red-50 p-3.5 text-sm text-red-800 ring-1 ring-red-200">
            <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
            <p>{m.revokeWarning(holderOf(certificate), certificate.course_title)}</p>
          </div>
          <div>
            <label htmlFor={reasonId} className={labelStyles}>
              {m.reason}
            </label>
            <textarea
              id={reasonId}
              data-autofocus
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              rows={3}
              aria-describedby={hintId}
              placeholder={m.reasonPlaceholder}
              disabled={revoke.isPending}
              className={`${inputStyles} resize-y`}
            />
            <p id={hintId} className="mt-1.5 text-xs text-slate-500">
              {m.reasonHint}
            </p>
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={close} disabled={revoke.isPending} className={buttonStyles.secondary}>
              {messages.common.cancel}
            </button>
            <button type="submit" disabled={revoke.isPending} className={buttonStyles.danger}>
              {revoke.isPending ? <Spinner size="sm" /> : <ShieldX className="size-4" aria-hidden />}
              {revoke.isPending ? m.revoking : m.confirm}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
