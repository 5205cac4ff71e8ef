import type { AdminCertificate } from '@clima/contract/certificates';
import { ADMIN_CERTIFICATES_LIMIT, formatCertificateCode, workloadLabel } from '@clima/contract/certificate-code';
import { Award, Download, ExternalLink, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { Alert } from '@clima/web-kit/alert';
import { EmptyState } from '@clima/web-kit/empty-state';
import { ListPage, ListTable, useListSearch } from '@clima/web-kit/list-page';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { adminPdfUrl, verifyUrl } from '../api/certificates-api';
import { useAdminCertificates } from '../hooks/use-admin-certificates';
import { CertificateStatusBadge, holderOf } from './certificate-badges';
import { RevokeCertificateDialog } from './revoke-certificate-dialog';

const m = messages.certificates;
const icon = 'grid size-9 place-items-center rounded-lg text-slate-500';

function CourseAndCode({ c }: { c: AdminCertificate }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{c.course_title}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        <span className="font-mono font-semibold tracking-wider text-slate-700">{formatCertificateCode(c.code)}</span> · {workloadLabel(c.workload_hours, c.workload_minutes)}
      </p>
    </div>
  );
}

function Holder({ c }: { c: AdminCertificate }) {
  return (
    <div className="min-w-0">
      <p className={`wrap-anywhere font-medium ${c.holder_name ? 'text-slate-900' : 'italic text-slate-500'}`}>{holderOf(c)}</p>
      {c.email && <p className="wrap-anywhere text-sm text-slate-500">{c.email}</p>}
    </div>
  );
}

function Actions({ c, onRevoke }: { c: AdminCertificate; onRevoke: () => void }) {
  const who = holderOf(c);
  return (
    <div className="flex justify-end gap-1">
      <a href={adminPdfUrl(c.code)} download aria-label={m.pdfLabel(c.course_title, who)} title={m.pdf} className={`${icon} hover:bg-sky-50 hover:text-sky-700`}>
        <Download className="size-4" aria-hidden />
      </a>
      <a href={verifyUrl(c.code)} target="_blank" rel="noopener" aria-label={m.verifyLabel(formatCertificateCode(c.code))} title={m.verify} className={`${icon} hover:bg-sky-50 hover:text-sky-700`}>
        <ExternalLink className="size-4" aria-hidden />
      </a>
      {c.status === 'valid' && (
        <button type="button" onClick={onRevoke} aria-label={m.revokeLabel(who)} title={m.revoke} className={`${icon} hover:bg-red-50 hover:text-red-600`}>
          <ShieldX className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}

/** 'Certificados': every certificate issued, newest first, searchable; revocation asks for confirmation. */
export function CertificatesPage() {
  const { admin } = useAdminAuth();
  const search = useListSearch();
  const certificates = useAdminCertificates(search.debounced, admin !== null);
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);
  const items = certificates.data ?? [];

  return (
    <>
      <ListPage
        header={<PageHeader title={m.title} subtitle={m.subtitle} />}
        search={{ ...search, placeholder: m.search }}
        loading={certificates.isPending}
        stale={certificates.isPlaceholderData}
        items={items}
        count={m.count}
        failure={certificates.isError && !certificates.data ? <Alert tone="error">{messages.logs.certificatesLoad}</Alert> : undefined}
        notice={items.length >= ADMIN_CERTIFICATES_LIMIT ? <p className="mb-3 text-sm text-slate-500">{m.limitNote(ADMIN_CERTIFICATES_LIMIT)}</p> : undefined}
        empty={<EmptyState icon={Award} title={m.empty} description={search.debounced ? m.emptyFilteredHint : m.emptyHint} />}
      >
        {(list) => (
          <ListTable
            label={m.title}
            items={list}
            rowKey={(c) => c.code}
            testId="certificate-row"
            columns={[
              { header: m.columns.certificate, className: 'max-w-80', cell: (c) => <CourseAndCode c={c} /> },
              { header: m.columns.holder, className: 'max-w-64', cell: (c) => <Holder c={c} /> },
              { header: m.columns.issued, className: 'whitespace-nowrap text-slate-600', cell: (c) => formatDate(c.issued_at) },
              { header: m.columns.status, cell: (c) => <CertificateStatusBadge certificate={c} /> },
              { header: m.columns.actions, cell: (c) => <Actions c={c} onRevoke={() => setRevoking(c)} /> },
            ]}
            card={(c) => (
              <>
                <div className="flex items-start justify-between gap-2">
                  <CourseAndCode c={c} />
                  <Actions c={c} onRevoke={() => setRevoking(c)} />
                </div>
                <div className="mt-3 flex items-end justify-between gap-3 text-sm">
                  <Holder c={c} />
                  <div className="shrink-0 text-right">
                    <CertificateStatusBadge certificate={c} />
                    <p className="mt-1 text-xs text-slate-500">{formatDate(c.issued_at)}</p>
                  </div>
                </div>
              </>
            )}
          />
        )}
      </ListPage>
      <RevokeCertificateDialog certificate={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
