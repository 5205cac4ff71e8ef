import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { OcrWord } from '@clima/contract';

/** What OCR read on a page: its text (one line per line found) and every word with its place. */
export interface OcrPage {
  text: string;
  words: OcrWord[];
}

export interface OcrOptions {
  /** A folder of the reader's own for the page images. */
  workDir: string;
  /** Address space each tool (pdftoppm, tesseract) may use, in bytes. */
  memoryBytes: number;
  /** Tesseract's languages. */
  languages: string;
}

/** Resolution a page is drawn at for OCR, and the largest side of the image (a huge page is drawn smaller). */
const OCR_DPI = 200;
const MAX_SIDE_PX = 4000;

/**
 * Runs a native tool under an address-space cap (`ulimit -v`), one thread for tesseract, and resolves to its
 * standard output; a failure (or the cap reached) rejects with its message.
 */
function runCapped(cmd: string, args: string[], memoryBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const kb = Math.max(1024, Math.floor(memoryBytes / 1024));
    const child = spawn('sh', ['-c', `ulimit -v ${kb} && exec "$@"`, 'sh', cmd, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${cmd} ${signal ?? `exit ${code}`}: ${err.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}

const round = (n: number) => Math.round(n * 100_000) / 100_000;
// eslint-disable-next-line no-control-regex
const cleanWord = (w: string) => w.normalize('NFKC').replace(/[\u0000-\u001f\u007f\u00ad\u200b-\u200d\ufeff]/g, '').trim();

/**
 * Tesseract's TSV: level 1 is the page (its size in pixels), level 5 a word with its box and its line
 * (block, paragraph, line numbers). Boxes become fractions of the page; words keep the reading order.
 */
export function parseTesseractTsv(tsv: string): OcrPage {
  let width = 0;
  let height = 0;
  const words: (OcrWord & { line: string })[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const cols = row.split('\t');
    if (cols.length < 12) continue;
    const [level, , block, par, line, , left, top, w, h, conf] = cols.slice(0, 11).map(Number) as number[];
    if (level === 1) {
      width = w!;
      height = h!;
      continue;
    }
    const text = cleanWord(cols.slice(11).join('\t'));
    if (level !== 5 || !text || conf! < 0 || !width || !height) continue;
    words.push({ text, x: round(left! / width), y: round(top! / height), w: round(w! / width), h: round(h! / height), eol: false, line: `${block}.${par}.${line}` });
  }
  words.forEach((word, i) => (word.eol = i + 1 === words.length || words[i + 1]!.line !== word.line));
  let text = '';
  for (const word of words) text += word.text + (word.eol ? '\n' : ' ');
  return { text: text.trim(), words: words.map(({ line: _line, ...word }) => word) };
}

/**
 * Reads one page by OCR: pdftoppm (poppler) draws it in grey at 200 dpi (smaller for a huge page), then
 * tesseract reads the image with the words' boxes (TSV).
 */
export async function ocrPage(pdfPath: string, page: number, size: { width: number; height: number }, opts: OcrOptions): Promise<OcrPage> {
  const longest = Math.max(size.width, size.height, 1) / 72;
  const dpi = Math.max(30, Math.min(OCR_DPI, Math.floor(MAX_SIDE_PX / longest)));
  const base = join(opts.workDir, `page-${page}`);
  await runCapped('pdftoppm', ['-f', String(page), '-l', String(page), '-r', String(dpi), '-gray', '-png', '-singlefile', pdfPath, base], opts.memoryBytes);
  const tsv = await runCapped('tesseract', [`${base}.png`, 'stdout', '-l', opts.languages, '--psm', '3', 'tsv'], opts.memoryBytes);
  return parseTesseractTsv(tsv);
}
