import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../i18n/messages';

/** Title block of every admin page, with the 'Voltar ao painel' link of spec 2.14 (not on the dashboard itself). */
export function PageHeader({ title, subtitle, actions, back = true }: { title: string; subtitle?: string; actions?: ReactNode; back?: boolean }) {
  return (
    <div className="mb-6 space-y-3">
      {back && (
      <Link
        to="/admin/dashboard"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-800 hover:text-sky-900 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {messages.common.backToPanel}
      </Link>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
        </div>
        {actions}
      </div>
    </div>
  );
}
