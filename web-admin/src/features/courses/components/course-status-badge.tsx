import { messages } from '../../../i18n/messages';

const m = messages.courses;

/** 'Publicado' / 'Rascunho' (spec 2.14). */
export function StatusBadge({ published }: { published: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${
        published ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-amber-50 text-amber-700 ring-amber-200'
      }`}
    >
      <span className={`size-1.5 rounded-full ${published ? 'bg-emerald-500' : 'bg-amber-500'}`} aria-hidden />
      {published ? m.published : m.draft}
    </span>
  );
}
