/**
 * Short fault codes (E4, E 4, F0-1, P8, CH05, U4, E101, R-410A): one to three letters, an optional
 * separator (space, hyphen or dot), one to four digits, optionally a separator and one to three more
 * digits (F0-1), optionally one letter (R-410A). Neither side may touch another letter or digit, so
 * "E40" is never "E4" and "página 12" is no code. A code is stored and searched normalised: upper case,
 * separators removed (E 4, e-4 and E4 are all "E4").
 */
const CODE_BODY = String.raw`([A-Za-z]{1,3})([ .-]?)(\d{1,4}(?:[.-]\d{1,3})?[A-Za-z]?)`;
const EDGE_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const EDGE_AFTER = String.raw`(?![\p{L}\p{N}])`;

/** Longest normalised code kept (the column is varchar(16)). */
export const MAX_CODE_LENGTH = 16;
/** A page with more distinct codes than this keeps the first ones (a table of part numbers, say). */
const MAX_CODES_PER_PAGE = 500;

export const normaliseCode = (code: string) => code.toUpperCase().replace(/[ .-]/g, '');

export interface CodeMatch {
  /** Normalised. */
  code: string;
  /** [start, end) UTF-16 offsets in the text searched. */
  start: number;
  end: number;
}

/** Whether the character at `i` is a letter or a digit of any script (false outside the text). */
function isWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return false;
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return /[\p{L}\p{N}]/u.test(String.fromCodePoint(text.codePointAt(i) ?? c));
}

/** The character before `i` (a surrogate pair counts as one). */
const isWordCharBefore = (text: string, i: number) => i > 0 && (isWordChar(text, i - 1) || (i > 1 && /[\udc00-\udfff]/.test(text[i - 1]!) && isWordChar(text, i - 2)));

/**
 * Every code written in a manual's text. A code split by a space is only taken when its letters are
 * capitals ("E 4", "CH 05"), because prose is full of "de 30" and "a 7". (Plain ASCII matching with the
 * edges checked by hand: this runs on every page indexed and on every snippet.)
 */
export function findCodes(text: string): CodeMatch[] {
  const re = new RegExp(CODE_BODY, 'g');
  const found: CodeMatch[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [whole, letters, separator] = m as unknown as [string, string, string];
    const start = m.index;
    const end = start + whole.length;
    if (isWordCharBefore(text, start) || isWordChar(text, end) || (separator === ' ' && letters !== letters.toUpperCase())) {
      // look again from the next character: a code may start inside what was refused
      re.lastIndex = start + 1;
      continue;
    }
    const code = normaliseCode(whole);
    if (code.length <= MAX_CODE_LENGTH) found.push({ code, start, end });
  }
  return found;
}

/** The distinct codes of a page with how often each appears. */
export function pageCodes(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { code } of findCodes(text)) {
    const n = counts.get(code);
    if (n !== undefined) counts.set(code, Math.min(n + 1, 32_767));
    else if (counts.size < MAX_CODES_PER_PAGE) counts.set(code, 1);
  }
  return counts;
}

/** A search split into the codes it names and the words left for the full-text search. */
export interface ParsedQuery {
  /** Distinct, normalised. */
  codes: string[];
  /** The rest of the query, for websearch_to_tsquery; empty when only codes were typed. */
  words: string;
}

/**
 * What a technician types: codes in any case and with any separator ("e4", "E 4", "f0-1", "ch05"), words
 * around them. Split by a space, lower-case letters make a code only when there is one ("e 4"), so that
 * "de 30 minutos" stays words.
 */
export function parseQuery(q: string): ParsedQuery {
  const re = new RegExp(`${EDGE_BEFORE}${CODE_BODY}${EDGE_AFTER}`, 'gu');
  const codes = new Set<string>();
  const words = q.replace(re, (whole: string, letters: string, separator: string) => {
    if (separator === ' ' && letters.length > 1 && letters !== letters.toUpperCase()) return whole;
    const code = normaliseCode(whole);
    if (code.length > MAX_CODE_LENGTH) return whole;
    codes.add(code);
    return ' ';
  });
  return { codes: [...codes], words: /[\p{L}\p{N}]/u.test(words) ? words.replace(/\s+/g, ' ').trim() : '' };
}
