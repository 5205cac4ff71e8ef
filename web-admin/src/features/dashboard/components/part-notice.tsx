import { CloudOff } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import type { StatsPart } from './dashboard-format';

/** Shown in place of a part whose service did not answer, so the rest of the panel still works. */
export function PartNotice({ part, compact = false }: { part: StatsPart; compact?: boolean }) {
  return (
    <p
      role="status"
      data-testid={`missing-${part}`}
      className={`flex items-start gap-2 rounded-xl bg-amber-50 text-amber-800 ring-1 ring-amber-200 ${compact ? 'px-2.5 py-1.5 text-xs' : 'px-3.5 py-3 text-sm'}`}
    >
      <CloudOff className={`${compact ? 'size-3.5' : 'size-4'} mt-0.5 shrink-0`} aria-hidden />
      <span>{compact ? messages.dashboard.unavailable.short : messages.dashboard.unavailable[part]}</span>
    </p>
  );
}
