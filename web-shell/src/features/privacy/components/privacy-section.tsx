import type { Me } from '@clima/contract/auth';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api';
import { formatMegabytes } from '../../../lib/format';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles } from '@clima/web-kit/button';
import { Spinner } from '@clima/web-kit/spinner';
import { useExportDownload } from '../hooks/use-export-download';
import { DeleteAccountDialog } from './delete-account-dialog';

const m = messages.privacy;

/** /profile → 'Privacidade e dados': the user's LGPD rights, the data export and the account deletion. */
export function PrivacySection({ user }: { user: Me }) {
  const exporting = useExportDownload();
  const [deleting, setDeleting] = useState(false);
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // back from the Google sign-in that a deletion asked for: show the section again
  useEffect(() => {
    if (hash === '#privacidade') ref.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const exportError = exporting.error ? (exporting.error instanceof ApiError ? exporting.error.message : m.exportFailed) : null;

  return (
    <section ref={ref} id="privacidade" aria-labelledby={titleId} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-6 shrink-0 text-sky-600" aria-hidden />
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {m.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{m.intro}</p>
        </div>
      </div>
      <ul className="mt-4 space-y-1.5 pl-9 text-sm text-slate-700">
        {m.rights.map((right) => (
          <li key={right} className="flex gap-2">
            <span className="mt-2 size-1.5 shrink-0 rounded-full bg-sky-500" aria-hidden />
            <span>{right}</span>
          </li>
        ))}
      </ul>

      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <article className="flex flex-col rounded-2xl border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">{m.exportTitle}</h3>
          <p className="mt-1 flex-1 text-sm text-slate-600">{m.exportText}</p>
          <div className="mt-4 space-y-3">
            <button
              type="button"
              onClick={() => exporting.mutate()}
              disabled={exporting.isPending}
              aria-describedby={exporting.isPending ? `${titleId}-progress` : undefined}
              className={`${buttonStyles.primary} w-full sm:w-auto`}
            >
              {exporting.isPending ? <Spinner size="sm" /> : <Download className="size-4" aria-hidden />}
              {m.exportButton}
            </button>
            {exporting.isPending && (
              <p id={`${titleId}-progress`} role="status" className="text-sm text-slate-600">
                {exporting.received > 0 ? m.exportReceiving(formatMegabytes(exporting.received)) : m.exportPreparing}
              </p>
            )}
            {exportError && <Alert tone="error">{exportError}</Alert>}
            {exporting.isSuccess && <Alert tone="success">{m.exportDone(exporting.data.fileName)}</Alert>}
          </div>
        </article>

        <article className="flex flex-col rounded-2xl border border-red-200 bg-red-50/40 p-5">
          <h3 className="font-semibold text-red-900">{m.deleteTitle}</h3>
          <p className="mt-1 flex-1 text-sm text-slate-700">{m.deleteText}</p>
          <div className="mt-4">
            <button type="button" onClick={() => setDeleting(true)} className={`${buttonStyles.danger} w-full sm:w-auto`}>
              <Trash2 className="size-4" aria-hidden />
              {m.deleteButton}
            </button>
          </div>
        </article>
      </div>

      <DeleteAccountDialog user={user} open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
