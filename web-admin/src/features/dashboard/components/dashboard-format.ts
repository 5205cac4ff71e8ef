import type { AdminStats } from '@clima/contract/admin-stats';

const intFormat = new Intl.NumberFormat('pt-BR');
const percentFormat = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const compactBRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

export const formatInt = (n: number) => intFormat.format(n);
export const formatPercent = (ratio: number) => percentFormat.format(ratio);
/** Short BRL for chart axes ('R$ 1,2 mil'). */
export const formatBRLShort = (n: number) => compactBRL.format(n);

/** The parts of the answer a service may leave out (`missing`). */
export type StatsPart = 'catalog' | 'ranking' | 'billing';

export const isMissing = (stats: AdminStats, part: StatsPart) => (stats.missing ?? []).includes(part);
