/** Days of the ranking are calendar days in São Paulo. */
export const RANKING_TIME_ZONE = 'America/Sao_Paulo';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: RANKING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The São Paulo calendar day of an instant, as 'YYYY-MM-DD'. */
export function saoPauloDay(at: Date): string {
  return dayFormat.format(at);
}

/** 'YYYY-MM-DD' plus n calendar days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b ('YYYY-MM-DD'). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The start of the wall-clock minute of an instant (São Paulo's offset is whole hours, so UTC minutes are its minutes). */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

/** The Monday ('YYYY-MM-DD') of the week of a São Paulo day: weeks run Monday 00:00 to Sunday 24:00 in São Paulo. */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}
