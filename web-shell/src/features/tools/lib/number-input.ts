/**
 * A number as typed on a Brazilian keyboard: '4,5', '-12', '1.013,2' or '4.5'. Null when it is not one.
 * A dot followed by exactly three digits and a comma elsewhere is a thousands separator.
 */
export function parseDecimal(text: string): number | null {
  let value = text.trim().replace(/\s/g, '');
  if (value === '') return null;
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const formats = new Map<number, Intl.NumberFormat>();

/** A number in pt-BR with a fixed number of decimals: 4,5 → '4,5'; −0,0 reads '0,0'. */
export function formatDecimal(value: number, decimals = 1): string {
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  const rounded = Number(value.toFixed(decimals));
  return format.format(Object.is(rounded, -0) ? 0 : rounded);
}
