import type { AdminCertificate } from '@clima/contract/certificates';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';

const m = messages.certificates;

/** Who holds it, as the list shows it. */
export const holderOf = (c: AdminCertificate) => c.holder_name?.trim() || (c.holder_deleted ? m.holderDeleted : c.email || m.noName);

export function CertificateStatusBadge({ certificate }: { certificate: AdminCertificate }) {
  if (certificate.status === 'valid') {
    return <span className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">{m.valid}</span>;
  }
  return (
    <span
      className="inline-flex items-center whitespace-nowrap rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200"
      title={certificate.revoked_reason ? m.reasonShown(certificate.revoked_reason) : undefined}
    >
      {m.revokedOn(formatDate(certificate.revoked_at))}
    </span>
  );
}
