import type { ReactNode } from 'react';

/** A screen's h1 and subtitle; `subtitleFromSm` leaves the subtitle out on a phone, where the task comes first. */
export function PageHeader({ title, subtitle, actions, subtitleFromSm = false }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; subtitleFromSm?: boolean }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle && <p className={`mt-1.5 max-w-2xl text-slate-600 ${subtitleFromSm ? 'hidden sm:block' : ''}`}>{subtitle}</p>}
      </div>
      {actions}
    </div>
  );
}
