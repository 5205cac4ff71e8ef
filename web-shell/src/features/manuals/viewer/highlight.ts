import type { OcrWord } from '@clima/contract/manuals';
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

/**
 * The layer of a scanned page (no text of its own in the PDF): every word OCR read, as invisible selectable
 * text placed over the picture where OCR found it (the boxes are fractions of the page, so the layer follows
 * any zoom). Its words are joined as the server joins them (a space, a line break after a line's last word),
 * the query is marked as on a text layer, and every word holding a match is highlighted as a whole box.
 */
export function ocrTextLayer(words: OcrWord[], pageHeightPx: number, query: string): { layer: HTMLDivElement; count: number; first: HTMLElement | null } {
  const layer = document.createElement('div');
  layer.className = 'ocrLayer';
  const spans = words.map((word) => {
    const span = document.createElement('span');
    span.textContent = word.eol ? word.text : `${word.text} `;
    span.style.left = `${word.x * 100}%`;
    span.style.top = `${word.y * 100}%`;
    span.style.width = `${word.w * 100}%`;
    span.style.height = `${word.h * 100}%`;
    span.style.fontSize = `${Math.max(1, word.h * pageHeightPx)}px`;
    layer.append(span);
    return span;
  });
  const { count, first } = highlightTextLayer(
    spans,
    spans.map((s) => s.textContent ?? ''),
    words.map((w) => w.eol),
    query,
  );
  for (const span of spans) if (span.querySelector('mark')) span.classList.add('manual-ocr-match');
  return { layer, count, first };
}
