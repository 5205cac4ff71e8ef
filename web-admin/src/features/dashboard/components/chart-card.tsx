import type { ReactNode } from 'react';

/** Frame of one dashboard chart: title, subtitle and a fixed-height body (no layout shift while loading). */
export function ChartCard({ id, title, subtitle, className = '', children }: { id: string; title: string; subtitle: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`chart-${id}`} data-testid={`chart-${id}`} className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      <h2 id={`chart-${id}`} className="font-semibold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-500">{subtitle}</p>
      <div className="mt-4 h-60">{children}</div>
    </section>
  );
}

/** The chart's figures as a table for screen readers (the drawing itself says nothing to them). */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: string[][] }) {
  return (
    // a table takes the width of its cells whatever its own width says: the hidden box around it holds it in,
    // so it never makes a narrow page scroll sideways
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r[0]}>
              {r.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
