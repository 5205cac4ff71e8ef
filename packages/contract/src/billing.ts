/** Plans (spec section 9): the one place the prices live; billing serves them, the screens read them. */
export const PLANS = {
  monthly: { id: 'monthly', name: 'Mensal', price_cents: 1990, interval: 'month', label: 'R$ 19,90/mês' },
  annual: { id: 'annual', name: 'Anual', price_cents: 19900, interval: 'year', label: 'R$ 199,00/ano', monthly_equivalent_cents: 1658 },
} as const;
export const TRIAL_DAYS = 3;
