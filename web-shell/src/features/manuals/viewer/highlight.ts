import { findMatches, parseQuery } from '../search/text-search';

/**
 * Marks the query on a page's text layer. The page text is its text items joined as the server joins
 * them when indexing (a line break after an item that ends a line), so that a code found by the search is
 * found here too; each match becomes <mark> elements inside the items it covers (text nodes only, never
 * HTML from the document).
 */
export function highlightTextLayer(divs: HTMLElement[], strs: string[], endsLine: boolean[], query: string): { count: number; first: HTMLElement | null } {
  const starts: number[] = [];
  let text = '';
  strs.forEach((s, i) => {
    starts.push(text.length);
    text += s;
    if (endsLine[i]) text += '\n';
  });
  const ranges = findMatches(text, parseQuery(query));
  let first: HTMLElement | null = null;
  if (ranges.length === 0) return { count: 0, first };
  for (let i = 0; i < divs.length && i < strs.length; i += 1) {
    const str = strs[i]!;
    const from = starts[i]!;
    const to = from + str.length;
    const parts = ranges.filter(([a, b]) => a < to && b > from).map(([a, b]) => [Math.max(a, from) - from, Math.min(b, to) - from] as const);
    if (parts.length === 0) continue;
    const fragment = document.createDocumentFragment();
    let at = 0;
    for (const [a, b] of parts) {
      if (a > at) fragment.append(str.slice(at, a));
      const mark = document.createElement('mark');
      mark.className = 'manual-match';
      mark.textContent = str.slice(a, b);
      fragment.append(mark);
      first ??= mark;
      at = b;
    }
    if (at < str.length) fragment.append(str.slice(at));
    divs[i]!.replaceChildren(fragment);
  }
  return { count: ranges.length, first };
}
