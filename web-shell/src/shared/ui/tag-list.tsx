/** Tags are JSON text holding a list of strings (spec section 3); anything else reads as no tags. */
export function parseTags(tags: string | null | undefined): string[] {
  if (!tags) return [];
  try {
    const parsed: unknown = JSON.parse(tags);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];
  } catch {
    return [];
  }
}

/** At most `max` tags, then '+N' for the rest (spec section 9). */
export function TagList({ tags, max = 3 }: { tags: string[]; max?: number }) {
  if (tags.length === 0) return null;
  const extra = tags.length - max;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.slice(0, max).map((tag) => (
        <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600">
          #{tag}
        </li>
      ))}
      {extra > 0 && <li className="rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-700">+{extra}</li>}
    </ul>
  );
}
