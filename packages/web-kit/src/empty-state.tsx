import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  headingLevel = 'p',
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
  /** 'h1' when the empty state is the whole page (e.g. not found), so the page has its heading. */
  headingLevel?: 'h1' | 'p';
}) {
  const Title = headingLevel;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mb-4 grid size-14 place-items-center rounded-full bg-sky-50 text-sky-600">
        <Icon className="size-7" aria-hidden />
      </span>
      <Title className="text-lg font-semibold text-slate-800">{title}</Title>
      {description && <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
