/**
 * CPF (Cadastro de Pessoas Físicas): 11 digits, the last two check digits (mod 11). Asked for only where
 * the payment provider requires it (boleto), validated here for the form and the server alike.
 */

/** The 11 digits of a CPF typed with or without its dots and dash; null when it is not 11 digits. */
export function cpfDigits(value: string): string | null {
  const trimmed = value.trim();
  if (!/^(\d{3}\.?\d{3}\.?\d{3}-?\d{2})$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, '');
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** True for a CPF whose check digits match (repeated digits such as 111.111.111-11 are not CPFs). */
export function isValidCpf(value: string): boolean {
  const d = cpfDigits(value);
  if (!d || /^(\d)\1{10}$/.test(d)) return false;
  return checkDigit(d, 9) === Number(d[9]) && checkDigit(d, 10) === Number(d[10]);
}

/** '123.456.789-09'. */
export const formatCpf = (digits: string) => `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9, 11)}`;

/** What an administrator sees: '***.456.789-**' (the middle digits only, as receipts and the Receita do). */
export const maskCpf = (digits: string) => `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
