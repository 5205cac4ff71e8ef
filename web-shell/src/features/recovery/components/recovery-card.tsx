import type { ReactNode } from 'react';

/** The centered card of the pages a mailed link opens (same look as the access gates). */
export function RecoveryCard({ icon, title, text, children }: { icon: ReactNode; title: string; text?: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-4 max-w-md rounded-3xl border border-slate-200 bg-white px-5 py-8 shadow-sm sm:my-8 sm:px-8 sm:py-10">
      <div className="text-center">
        <span className="mx-auto mb-5 grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-sky-500 to-cyan-400 text-white shadow-lg shadow-sky-500/25">
          {icon}
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {text && <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">{text}</p>}
      </div>
      <div className="mt-7">{children}</div>
    </section>
  );
}
