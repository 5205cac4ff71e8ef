import type { Certificate } from '@clima/contract/certificates';
import { formatCertificateCode, workloadLabel } from '@clima/contract/certificate-code';
import { Award, Download, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles } from '@clima/web-kit/button';
import { Spinner } from '@clima/web-kit/spinner';
import { certificatePdfUrl, verifyPath } from '../api/certificates-api';
import { useMyCertificates } from '../hooks/use-certificates';

const m = messages.certificates;

function CertificateCard({ certificate }: { certificate: Certificate }) {
  const revoked = certificate.status === 'revoked';
  return (
    <li
      className={`flex flex-col gap-4 rounded-2xl border p-4 sm:flex-row sm:items-center sm:p-5 ${revoked ? 'border-slate-200 bg-slate-50' : 'border-amber-200 bg-gradient-to-br from-amber-50/70 to-white'}`}
      data-testid="my-certificate"
      data-code={certificate.code}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
        <span
          className={`grid size-10 shrink-0 place-items-center rounded-xl sm:size-12 sm:rounded-2xl ${revoked ? 'bg-slate-200 text-slate-500' : 'bg-amber-100 text-amber-700'}`}
        >
          <Award className="size-5 sm:size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{certificate.course_title}</p>
          <p className="mt-0.5 text-sm text-slate-600">
            {workloadLabel(certificate.workload_hours, certificate.workload_minutes)} · {m.issuedOn(formatDate(certificate.issued_at))}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <span>
              {m.code} <span className="font-mono font-semibold tracking-wider text-slate-700">{formatCertificateCode(certificate.code)}</span>
            </span>
            {revoked && (
              <span className="rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-700 ring-1 ring-red-200">{m.revokedOn(formatDate(certificate.revoked_at))}</span>
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        {!revoked && (
          <a href={certificatePdfUrl(certificate.code)} download className={`${buttonStyles.primary} w-full sm:w-auto`} aria-label={m.downloadLabel(certificate.course_title)}>
            <Download className="size-4" aria-hidden />
            {m.download}
          </a>
        )}
        <Link to={verifyPath(certificate.code)} className="inline-flex items-center justify-center gap-1.5 text-sm font-medium text-sky-700 hover:underline">
          <ExternalLink className="size-4" aria-hidden />
          {m.verifyPage}
        </Link>
      </div>
    </li>
  );
}

/** /profile → 'Meus certificados': every certificate of the user, its PDF and its public page. */
export function MyCertificatesSection() {
  const certificates = useMyCertificates(true);
  const titleId = useId();
  const list = certificates.data ?? [];
  return (
    <section id="certificados" aria-labelledby={titleId} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex items-start gap-3">
        <Award className="mt-0.5 size-6 shrink-0 text-amber-600" aria-hidden />
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {m.mineTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{m.mineIntro}</p>
        </div>
      </div>
      <div className="mt-5">
        {certificates.isPending ? (
          <div className="grid place-items-center py-6">
            <Spinner label={messages.common.loading} />
          </div>
        ) : certificates.isError ? (
          <Alert tone="error">{m.mineFailed}</Alert>
        ) : list.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 px-5 py-8 text-center">
            <p className="font-semibold text-slate-800">{m.mineEmpty}</p>
            <p className="mt-1 text-sm text-slate-500">{m.mineEmptyHint}</p>
          </div>
        ) : (
          <ul className="space-y-3">
            {list.map((c) => (
              <CertificateCard key={c.code} certificate={c} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
