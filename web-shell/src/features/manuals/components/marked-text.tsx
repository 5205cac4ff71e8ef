import type { ReactNode } from 'react';

/**
 * A snippet with its matches in <mark>: the text is rendered as text (never as HTML), cut at the
 * [start, end) offsets the search answered. Offsets out of range or overlapping are ignored.
 */
export function MarkedText({ text, marks }: { text: string; marks: readonly (readonly [number, number])[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  const valid = marks
    .filter(([s, e]) => Number.isInteger(s) && Number.isInteger(e) && s >= 0 && e <= text.length && s < e)
    .toSorted((a, b) => a[0] - b[0]);
  for (const [s, e] of valid) {
    if (s < at) continue;
    if (s > at) parts.push(text.slice(at, s));
    parts.push(
      <mark key={s} className="rounded bg-amber-200 px-0.5 font-semibold text-slate-900">
        {text.slice(s, e)}
      </mark>,
    );
    at = e;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
