/** Certificate codes and constants (no zod here: the web pages import these without the schemas). */

/**
 * The code: 12 characters of an alphabet without the ones people confuse (no 0/O, no 1/I), 60 random bits.
 * Shown in groups of four (`7KQM-X2PA-9HTR`); a lookup accepts it with or without the dashes, in any case.
 */
export const CERTIFICATE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 12;
const CODE_RE = new RegExp(`^[${CERTIFICATE_CODE_ALPHABET}]{${CERTIFICATE_CODE_LENGTH}}$`);

/** The canonical code (12 characters, upper case, no separators) of what someone typed or scanned; null when it cannot be one. */
export function normalizeCertificateCode(input: string): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return CODE_RE.test(code) ? code : null;
}

/** `7KQMX2PA9HTR` → `7KQM-X2PA-9HTR` (how the code is printed and shown). */
export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** Most rows the admin list answers (newest first); a search narrows it. */
export const ADMIN_CERTIFICATES_LIMIT = 200;

/**
 * The workload as printed: '1 minuto', '45 minutos', '1 hora', '2 horas e 15 minutos'; a certificate issued before
 * the minutes were kept (`minutes` null) says its hours.
 */
export function workloadLabel(hours: number, minutes: number | null): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (minutes === null) return plural(hours, 'hora', 'horas');
  const h = Math.floor(minutes / 60);
  const min = minutes % 60;
  if (!h) return plural(min, 'minuto', 'minutos');
  return min ? `${plural(h, 'hora', 'horas')} e ${plural(min, 'minuto', 'minutos')}` : plural(h, 'hora', 'horas');
}
