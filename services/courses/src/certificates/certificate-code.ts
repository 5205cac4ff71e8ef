import { CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_LENGTH } from '@clima/contract';
import { randomBytes } from 'node:crypto';

/** A new certificate code: 12 characters of a 32-letter alphabet (5 random bits each, no bias), 60 bits in all. */
export function newCertificateCode(): string {
  const bytes = randomBytes(CERTIFICATE_CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += CERTIFICATE_CODE_ALPHABET[b & 31];
  return code;
}

/** The workload in hours: the lessons' durations added up, to the nearest hour (0 for a course under half an hour). */
export function workloadHours(totalSeconds: number): number {
  return Math.round(Math.max(0, totalSeconds) / 3600);
}

/** The workload printed on the certificate: the lessons' durations added up, to the nearest minute, at least 1. */
export function workloadMinutes(totalSeconds: number): number {
  return Math.max(1, Math.round(Math.max(0, totalSeconds) / 60));
}
