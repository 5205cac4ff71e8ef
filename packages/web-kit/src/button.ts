/** Button looks shared by every screen (class strings, so links and buttons can use them alike). */
const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  // sky-700 under white text: 5.9:1 (sky-600 was 4.1:1, under WCAG AA for small text)
  primary: `${base} bg-sky-700 px-5 py-2.5 text-sm text-white shadow-sm hover:bg-sky-800 focus-visible:outline-sky-600`,
  secondary: `${base} border border-slate-300 bg-white px-5 py-2.5 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-sky-600`,
  danger: `${base} bg-red-600 px-5 py-2.5 text-sm text-white hover:bg-red-700 focus-visible:outline-red-600`,
  ghost: `${base} px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-sky-600`,
  accent: `${base} bg-amber-400 px-5 py-2.5 text-sm text-slate-900 shadow-sm hover:bg-amber-300 focus-visible:outline-amber-500`,
  icon: `${base} size-11 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-sky-600`,
} as const;

export const inputStyles =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500/30 disabled:bg-slate-100 disabled:text-slate-500 [&:read-only:not(select)]:bg-slate-100 [&:read-only:not(select)]:text-slate-600';

export const labelStyles = 'mb-1.5 block text-sm font-medium text-slate-700';
