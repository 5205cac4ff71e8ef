import type { AdminStats } from '@clima/contract/admin-stats';
import { Eye } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatInt } from './dashboard-format';
import { PartNotice } from './part-notice';

const m = messages.dashboard.popular;

const MEDALS = ['bg-amber-100 text-amber-700', 'bg-slate-200 text-slate-700', 'bg-orange-100 text-orange-700'];

/** Spec 2.14: position, title, views_count, category_name of the most-watched contents. */
export function PopularContents({ contents, missing }: { contents: AdminStats['popularContents']; missing: boolean }) {
  return (
    <section aria-labelledby="popular-contents" data-testid="popular-contents" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="popular-contents" className="mb-3 font-semibold text-slate-900">
        {m.title}
      </h2>
      {missing ? (
        <PartNotice part="catalog" />
      ) : contents.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{m.empty}</p>
      ) : (
        <ol className="space-y-2">
          {contents.map((c, i) => (
            <li key={c.id} data-testid="popular-content" className="flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2.5">
              <span className={`grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold ${MEDALS[i] ?? 'bg-sky-50 text-sky-700'}`}>{i + 1}</span>
              <div className="min-w-0 flex-1">
                <p className="wrap-anywhere text-sm font-semibold text-slate-900">{c.title}</p>
                <p className="wrap-anywhere text-xs text-slate-500">{c.category_name ?? m.noCategory}</p>
              </div>
              <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-slate-700">
                <Eye className="size-4 text-slate-600" aria-hidden />
                <span data-testid="popular-views">{formatInt(c.views_count)}</span>
                <span className="sr-only">{m.viewsWord(c.views_count)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
