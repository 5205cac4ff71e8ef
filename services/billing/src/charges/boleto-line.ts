/**
 * The sandbox's boleto: a 44-digit barcode (bank, currency 9, general check digit by mod 11, due factor,
 * amount, free field) and its 47-digit digitable line (three fields with mod-10 check digits, the general
 * check digit, due factor and amount), as FEBRABAN lays them out. Bank 000 is no bank: it pays nowhere.
 */

const mod10 = (digits: string) => {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const p = Number(digits[i]) * weight;
    sum += p > 9 ? Math.floor(p / 10) + (p % 10) : p;
    weight = weight === 2 ? 1 : 2;
  }
  return String((10 - (sum % 10)) % 10);
};

const mod11 = (digits: string) => {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return String(dv === 0 || dv === 10 || dv === 11 ? 1 : dv);
};

/** FEBRABAN's due factor: days since 07/10/1997, restarting at 1000 after 9999 (22/02/2025). */
export function dueFactor(due: Date): string {
  const base = Date.UTC(1997, 9, 7);
  const days = Math.floor((Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) - base) / 86_400_000);
  const factor = days > 9999 ? ((days - 10000) % 9000) + 1000 : days;
  return String(factor).padStart(4, '0');
}

/** The barcode and digitable line of a boleto for `amountCents` due on `due`; `reference` fills the free field. */
export function boletoNumbers(o: { amountCents: number; due: Date; reference: string }): { barcode: string; line: string } {
  const bank = '000';
  const free = o.reference.replace(/\D/g, '').padStart(25, '0').slice(-25);
  const amount = String(o.amountCents).padStart(10, '0').slice(-10);
  const factor = dueFactor(o.due);
  const withoutDv = `${bank}9${factor}${amount}${free}`;
  const dv = mod11(withoutDv);
  const barcode = `${bank}9${dv}${factor}${amount}${free}`;
  const f1 = `${bank}9${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const line = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factor}${amount}`;
  return { barcode, line };
}

/** '00190.00009 01234.567890 12345.678901 2 10000000001990'. */
export const formatBoletoLine = (line: string) =>
  `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
