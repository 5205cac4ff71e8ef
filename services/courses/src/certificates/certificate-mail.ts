import type { EventPayloads } from '@clima/common';
import { workloadLabel } from '@clima/contract';
import type { CertificateRow } from './certificates.repository';

/**
 * The e-mail a holder gets when a certificate is issued: the course, the workload, the code and where to
 * download it (Meu Perfil) or have it checked (the public page of the code). Sent through auth, which knows
 * the address (`user.mail`).
 */
export function certificateIssuedMail(row: Pick<CertificateRow, 'code' | 'course_title' | 'workload_hours' | 'workload_minutes'>, verifyUrl: string): EventPayloads['user.mail']['mail'] {
  const hours = workloadLabel(row.workload_hours, row.workload_minutes);
  return {
    title: 'Seu certificado está pronto',
    subject: `Certificado emitido: ${row.course_title}`,
    paragraphs: [
      `Parabéns! Você concluiu todas as aulas do curso ${row.course_title} e seu certificado foi emitido (carga horária: ${hours}).`,
      `Código de verificação: ${row.code}. Baixe o PDF em Meu Perfil, em Meus certificados.`,
    ],
    action: { label: 'Ver o certificado', url: verifyUrl },
    notes: ['Quem receber o seu certificado pode conferir se ele é autêntico pelo código ou pelo QR code do PDF.'],
  };
}
