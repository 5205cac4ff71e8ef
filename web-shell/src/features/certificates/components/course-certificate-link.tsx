import { Award, Download } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { certificatePdfUrl } from '../api/certificates-api';
import { useMyCertificates } from '../hooks/use-certificates';

const m = messages.certificates;

/**
 * On a course whose every lesson the user completed: 'Certificado disponível', the PDF. The certificate is
 * issued a moment after the last lesson, so the list is asked again for a minute until it shows up.
 */
export function CourseCertificateLink({ courseId }: { courseId: number }) {
  const certificates = useMyCertificates(true, courseId);
  const certificate = certificates.data?.find((c) => c.course_id === courseId);
  if (!certificate || certificate.status === 'revoked') return null;
  return (
    <a
      href={certificatePdfUrl(certificate.code)}
      download
      title={m.availableHint}
      className="inline-flex items-center gap-2 rounded-full bg-amber-50 px-3.5 py-1.5 text-sm font-semibold text-amber-800 ring-1 ring-amber-200 transition-colors hover:bg-amber-100"
      data-testid="course-certificate-link"
    >
      <Award className="size-4" aria-hidden />
      {m.available}
      <Download className="size-3.5" aria-hidden />
    </a>
  );
}
