const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const brlFormat = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const numberFormat = new Intl.NumberFormat('pt-BR');

/** dd/mm/aaaa; '' for a missing or invalid date. A bare `aaaa-mm-dd` is read as a calendar day, not UTC midnight. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Money in reais: R$ 19,90. */
export function formatBRL(value: number): string {
  return brlFormat.format(value);
}

/** Cents to reais: 1990 → R$ 19,90. */
export function formatCents(cents: number): string {
  return brlFormat.format(cents / 100);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** 'Xh Ymin', or 'Ymin' under an hour (spec section 9). */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(Math.max(0, totalSeconds) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours}h ${rest}min` : `${rest}min`;
}

/** Size in MB with one decimal (manuals); a file under 0,05 MB reads '< 0,1 MB' rather than '0,0 MB'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const one = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return bytes > 0 && mb < 0.05 ? `< ${one(0.1)} MB` : `${one(mb)} MB`;
}

/** 75 → '1:15', 3725 → '1:02:05'. */
export function formatClock(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
