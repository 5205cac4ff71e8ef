import { CalendarDays, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '../../i18n/messages';
import { formatDate } from '../../lib/format';

/** What a card shows of either kind of category. */
export interface CategoryCardData {
  name: string;
  slug: string;
  description?: string | null;
  created_at: string;
  cover_image_url?: string | null;
}

export interface CategoryCardTexts {
  noDescription: string;
  createdOn: (date: string) => string;
  editLabel: (name: string) => string;
  deleteLabel: (name: string) => string;
}

/** The card of a content category or a course category: icon or cover, name, '/slug', description, date. */
export function CategoryCard({
  category,
  icon: Icon,
  texts,
  extra,
  onEdit,
  onDelete,
  testId,
}: {
  category: CategoryCardData;
  icon: LucideIcon;
  texts: CategoryCardTexts;
  /** More facts beside the date (a course category's lesson count). */
  extra?: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
  testId: string;
}) {
  const c = messages.common;
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <div className="flex items-start gap-3">
        {category.cover_image_url ? (
          <img src={category.cover_image_url} alt="" className="size-11 shrink-0 rounded-xl object-cover ring-1 ring-slate-200" />
        ) : (
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-sky-50 text-sky-700" aria-hidden>
            <Icon className="size-5" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="break-words font-bold leading-snug text-slate-900">{category.name}</h2>
          <p className="break-all font-mono text-xs text-sky-800">/{category.slug}</p>
        </div>
      </div>
      <p className={`mt-3 line-clamp-3 text-sm ${category.description ? 'text-slate-700' : 'italic text-slate-600'}`}>{category.description || texts.noDescription}</p>
      <div className="mt-auto pt-4">
        <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-3.5" aria-hidden />
              {texts.createdOn(formatDate(category.created_at))}
            </span>
            {extra}
          </div>
          <div className="flex shrink-0 gap-1">
            <button
              type="button"
              onClick={onEdit}
              aria-label={texts.editLabel(category.name)}
              title={c.edit}
              className="grid size-11 place-items-center rounded-lg text-slate-600 hover:bg-sky-50 hover:text-sky-800"
            >
              <Pencil className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              onClick={onDelete}
              aria-label={texts.deleteLabel(category.name)}
              title={c.delete}
              className="grid size-11 place-items-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
