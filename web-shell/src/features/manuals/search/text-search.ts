/**
 * Search in the text of manuals kept in the browser, with the rules of `GET /api/manuals/search`, so
 * that an offline search finds what the server would: fault codes exactly after folding case, spaces
 * and hyphens (`E 4` = `E4` = `e-4`; `E4` never finds `E40` nor `E4-1`), and words regardless of case
 * and accents (a light Portuguese stem stands in for the server's stemmer: 'sensores' finds 'sensor').
 * Every code and word must be on the page.
 *
 * The same matcher marks the query on a rendered PDF page (the viewer's highlight).
 */

/** A text folded for matching (lower case, accents and ligatures removed), each character mapped back. */
export interface FoldedText {
  text: string;
  /** `map[i]` is the offset in the original text of folded character `i`; `map[text.length]` is its length. */
  map: number[];
}

const COMBINING = /\p{M}/gu;

/** Lower case without accents: `Refrigeração` → `refrigeracao`, `ﬁltro` → `filtro`. */
export function fold(text: string): FoldedText {
  let out = '';
  const map: number[] = [];
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i];
      map.push(i);
      i += 1;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const folded = ch.normalize('NFKD').replace(COMBINING, '').toLowerCase();
    for (let k = 0; k < folded.length; k += 1) map.push(i);
    out += folded;
    i += ch.length;
  }
  map.push(text.length);
  return { text: out, map };
}

/** Words that Portuguese full text ignores; alone they would match almost any page. */
const STOPWORDS = new Set(
  'a o as os e de da do das dos em no na nos nas num numa um uma uns umas para pra por pelo pela pelos pelas com sem que se ao aos ou sua seu suas seus como mais'.split(' '),
);

/** Plural and gender endings dropped from a query word, longest first; the stem keeps 4 letters at least. */
const ENDINGS = ['coes', 'soes', 'oes', 'aes', 'ais', 'eis', 'ois', 'ao', 'es', 'as', 'os', 's', 'a', 'o', 'e'];
const MIN_STEM = 4;

export function stem(word: string): string {
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM) return word.slice(0, -ending.length);
  }
  return word;
}

export interface QueryTerm {
  kind: 'code' | 'word';
  /** The code normalised (upper case, no separators), or the word's stem. */
  value: string;
}

/**
 * A fault code as the server reads it (services/manuals/src/search/codes.ts): one to three letters, an
 * optional space, hyphen or dot, one to four digits, optionally a hyphen or dot and up to three more
 * digits (F0-1), optionally one letter (R-410A); neither side touches another letter or digit, so E40
 * and E4-1 are never E4. Normalised: upper case without separators (`e 4`, `E-4`, `E4` are all `E4`).
 */
const CODE_BODY = String.raw`([A-Za-z]{1,3})([ .-]?)(\d{1,4}(?:[.-]\d{1,3})?[A-Za-z]?)`;
const codeRegExp = () => new RegExp(String.raw`(?<![\p{L}\p{N}])${CODE_BODY}(?![\p{L}\p{N}])`, 'gu');
const MAX_CODE_LENGTH = 16;

export const normaliseCode = (code: string) => code.toUpperCase().replace(/[ .-]/g, '');

/** The codes written in a text with their offsets; split by a space only when in capitals (`E 4`, not `de 4`). */
export function findCodes(text: string): { code: string; start: number; end: number }[] {
  const found: { code: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(codeRegExp())) {
    const [whole, letters, separator] = m as unknown as [string, string, string];
    if (separator === ' ' && letters !== letters.toUpperCase()) continue;
    const code = normaliseCode(whole);
    if (code.length <= MAX_CODE_LENGTH) found.push({ code, start: m.index, end: m.index + whole.length });
  }
  return found;
}

/** Finds a word of the query in folded text: a whole word that starts with the stem (numbers: the whole number). */
const wordPattern = (value: string) => new RegExp(`(?<![a-z0-9])${escape(value)}${/^\d+$/.test(value) ? '' : '[a-z0-9]*'}(?![a-z0-9])`, 'g');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Query length limit of the server (`GET /api/manuals/search`). */
export const MAX_QUERY_LENGTH = 100;

/**
 * The terms of a query, read as the server reads it: codes in any case and with any separator (`e4`,
 * `E 4`, `f0-1`, `ch05`); typed with a space, lower-case letters make a code only when there is one
 * (`e 4`), so that `de 30 minutos` stays words. The rest are words, stopwords dropped.
 */
export function parseQuery(query: string): QueryTerm[] {
  const q = query.trim().slice(0, MAX_QUERY_LENGTH);
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  const add = (kind: QueryTerm['kind'], value: string) => {
    if (seen.has(`${kind}:${value}`)) return;
    seen.add(`${kind}:${value}`);
    terms.push({ kind, value });
  };
  const rest = q.replace(codeRegExp(), (whole: string, letters: string, separator: string) => {
    if (separator === ' ' && letters.length > 1 && letters !== letters.toUpperCase()) return whole;
    const code = normaliseCode(whole);
    if (code.length > MAX_CODE_LENGTH) return whole;
    add('code', code);
    return ' ';
  });
  for (const word of fold(rest).text.split(/[^a-z0-9]+/)) {
    if (word && !STOPWORDS.has(word)) add('word', /^\d+$/.test(word) ? word : stem(word));
  }
  return terms;
}

/** [start, end) offsets in a text. */
export type Range = [number, number];

/**
 * Where the terms occur in a text, as offsets of the original (not folded) text, sorted and without
 * overlaps; empty unless every term occurs (all words and codes must be on the same page).
 */
export function findMatches(text: string, terms: QueryTerm[], folded: FoldedText = fold(text), codes = findCodes(text)): Range[] {
  if (terms.length === 0) return [];
  const ranges: Range[] = [];
  for (const term of terms) {
    let found = false;
    if (term.kind === 'code') {
      for (const c of codes) {
        if (c.code !== term.value) continue;
        found = true;
        ranges.push([c.start, c.end]);
      }
    } else {
      for (const m of folded.text.matchAll(wordPattern(term.value))) {
        const start = folded.map[m.index]!;
        const end = folded.map[m.index + m[0].length]!;
        if (end <= start) continue;
        found = true;
        ranges.push([start, end]);
      }
    }
    if (!found) return [];
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] < last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** A page found, in the shape of the server's hits. */
export interface PageHit {
  page: number;
  snippet: string;
  marks: Range[];
}

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 180;
const ELLIPSIS = '… ';
const ELLIPSIS_END = ' …';

/** Whitespace runs become one space: PDF text is full of line breaks and column gaps. */
export const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A short passage around the first match, with every match inside it marked. */
export function makeSnippet(text: string, ranges: Range[]): { snippet: string; marks: Range[] } {
  const first = ranges[0] ?? [0, 0];
  let start = Math.max(0, first[0] - SNIPPET_BEFORE);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first[0]) start = space + 1;
  }
  let end = Math.min(text.length, Math.max(start + SNIPPET_LENGTH, first[1]));
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first[1]) end = space;
  }
  const prefix = start > 0 ? ELLIPSIS : '';
  const snippet = prefix + text.slice(start, end) + (end < text.length ? ELLIPSIS_END : '');
  const marks = ranges.filter(([s, e]) => s >= start && e <= end).map(([s, e]): Range => [s - start + prefix.length, e - start + prefix.length]);
  return { snippet, marks };
}

/** A page of a manual prepared once for many searches: text squeezed and folded, codes found. */
export interface IndexedPage {
  page: number;
  text: string;
  folded: FoldedText;
  codes: ReturnType<typeof findCodes>;
}

export function indexPages(pages: { page: number; text: string }[]): IndexedPage[] {
  return pages.map(({ page, text }) => {
    const clean = squeeze(text);
    return { page, text: clean, folded: fold(clean), codes: findCodes(clean) };
  });
}

/** Hits per manual and manuals per answer, as the server answers. */
export const MAX_HITS_PER_MANUAL = 5;
export const MAX_MANUALS = 20;

/** Codes weigh more than words: a page that shows the code is what a technician looks for. */
function score(p: IndexedPage, terms: QueryTerm[]): number {
  let total = 0;
  for (const term of terms) {
    const n = term.kind === 'code' ? p.codes.filter((c) => c.code === term.value).length : [...p.folded.text.matchAll(wordPattern(term.value))].length;
    total += (term.kind === 'code' ? 3 : 1) * Math.min(n, 10);
  }
  return total;
}

/** The pages of one manual where every term occurs, best first (then by page), at most `limit`. */
export function searchPages(pages: IndexedPage[], terms: QueryTerm[], limit = MAX_HITS_PER_MANUAL): (PageHit & { score: number })[] {
  const hits: (PageHit & { score: number })[] = [];
  for (const p of pages) {
    const ranges = findMatches(p.text, terms, p.folded, p.codes);
    if (ranges.length === 0) continue;
    hits.push({ page: p.page, ...makeSnippet(p.text, ranges), score: score(p, terms) });
  }
  hits.sort((a, b) => b.score - a.score || a.page - b.page);
  return hits.slice(0, limit);
}

/** A manual found, in the shape of one result of `GET /api/manuals/search`. */
export interface ManualResult<M> {
  manual: M;
  hits: PageHit[];
}

/** Searches several manuals: best manual first (its best page), then by title; hits best first. */
export function searchManuals<M extends { title: string }>(manuals: { manual: M; pages: IndexedPage[] }[], query: string): ManualResult<M>[] {
  const terms = parseQuery(query);
  if (terms.length === 0) return [];
  const found = manuals
    .map(({ manual, pages }) => ({ manual, hits: searchPages(pages, terms) }))
    .filter((r) => r.hits.length > 0);
  found.sort((a, b) => b.hits[0]!.score - a.hits[0]!.score || a.manual.title.localeCompare(b.manual.title, 'pt-BR'));
  return found.slice(0, MAX_MANUALS).map(({ manual, hits }) => ({ manual, hits: hits.map(({ page, snippet, marks }) => ({ page, snippet, marks })) }));
}
