import { findCodes } from './codes';

/** Characters of page text a snippet shows (the ellipses come on top). */
const WINDOW = 180;
/** Context kept before the first mark of the window. */
const LEAD = 50;
const ELLIPSIS = '…';

export interface Snippet {
  snippet: string;
  /** [start, end) UTF-16 offsets of the matches in `snippet`. */
  marks: [number, number][];
}

interface Match {
  start: number;
  end: number;
  /** Which term it matches (a code, or a stem), so that the window favours several different terms. */
  term: string;
}

/** Lower case without accents: what the index's unaccent dictionary does before stemming. */
export const foldWord = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const folded = new Map<string, string>();

/**
 * The text folded character by character (lower case, accents off), the same length as the text, so that
 * an offset in one is an offset in the other. A character whose folding is not one character stays as it is.
 */
function foldChar(ch: string): string {
  let f = folded.get(ch);
  if (f === undefined) {
    const candidate = foldWord(ch);
    f = candidate.length === 1 ? candidate : ch;
    if (folded.size < 4096) folded.set(ch, f);
  }
  return f;
}

function foldText(text: string): string {
  const lower = text.toLowerCase();
  // a character whose lower case is longer (İ) would shift the offsets: fold one by one
  if (lower.length !== text.length) return text.replace(/[\s\S]/g, foldChar);
  return lower.replace(/[\u0080-\uffff]/g, foldChar);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words of the text that come from the query's stems. The Portuguese stemmer only cuts endings off
 * unaccented words, so a stem is the start of the words it comes from; digits and short stems must be whole.
 */
function findWords(text: string, stems: string[]): Match[] {
  const prefixes = stems.filter((s) => s.length >= 3 && !/^\d+$/.test(s)).map(escapeRegExp);
  const whole = stems.filter((s) => s.length < 3 || /^\d+$/.test(s)).map(escapeRegExp);
  const alternatives = [...(prefixes.length ? [`(${prefixes.join('|')})[\\p{L}\\p{N}]*`] : []), ...(whole.length ? [`(${whole.join('|')})`] : [])];
  if (!alternatives.length) return [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  const matches: Match[] = [];
  for (const m of foldText(text).matchAll(re)) {
    matches.push({ start: m.index, end: m.index + m[0].length, term: `word:${m[1] ?? m[2]}` });
  }
  return matches;
}

function findMatches(text: string, codes: Set<string>, stems: string[]): Match[] {
  const matches: Match[] = [];
  if (codes.size) {
    for (const c of findCodes(text)) if (codes.has(c.code)) matches.push({ start: c.start, end: c.end, term: `code:${c.code}` });
  }
  if (stems.length) matches.push(...findWords(text, stems));
  matches.sort((a, b) => a.start - b.start || b.end - a.end);
  // a code and a word may overlap ("E4" is also a word of the page): keep the first, longest
  return matches.filter((m, i) => i === 0 || m.start >= matches[i - 1]!.end);
}

/** The window [start, end) of the text with the most distinct terms (then the most matches), earliest first. */
function bestWindow(text: string, matches: Match[]): [number, number] {
  let best: [number, number] = [0, Math.min(text.length, WINDOW)];
  let bestScore = -1;
  for (let i = 0; i < matches.length && i < 200; i++) {
    const start = Math.max(0, matches[i]!.start - LEAD);
    const end = Math.min(text.length, start + WINDOW);
    const inside = matches.filter((m) => m.start >= start && m.end <= end);
    const score = new Set(inside.map((m) => m.term)).size * 1000 + inside.length;
    if (score > bestScore) {
      bestScore = score;
      best = [start, end];
    }
  }
  return best;
}

/** Moves the window's edges to word boundaries, never cutting the matches it holds. */
function snapToWords(text: string, [start, end]: [number, number], matches: Match[]): [number, number] {
  const firstMark = matches.find((m) => m.start >= start)?.start ?? end;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space !== -1 && space < firstMark ? space + 1 : start;
  }
  const lastMark = Math.max(start, ...matches.filter((m) => m.end <= end).map((m) => m.end));
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > lastMark ? space : end;
  }
  return [start, end];
}

/**
 * A short plain-text excerpt of a page around the best group of matches of the query's codes and word
 * stems, with "…" where the page was cut, and the offsets of the matches in it. Without any match found
 * (a stem the page writes differently) the page's beginning, unmarked.
 */
export function buildSnippet(body: string, codes: string[], stems: string[]): Snippet {
  // the stored text has single spaces and line breaks only (pdf-text.ts)
  const text = body.replace(/\s*\n\s*/g, ' ').trim();
  const matches = findMatches(text, new Set(codes), stems);
  let [start, end] = snapToWords(text, bestWindow(text, matches), matches);
  while (text[start] === ' ') start++;
  while (end > start && text[end - 1] === ' ') end--;
  const before = start > 0 ? `${ELLIPSIS} ` : '';
  const after = end < text.length ? ` ${ELLIPSIS}` : '';
  const marks = matches.filter((m) => m.start >= start && m.end <= end).map((m): [number, number] => [m.start - start + before.length, m.end - start + before.length]);
  return { snippet: `${before}${text.slice(start, end)}${after}`, marks };
}
