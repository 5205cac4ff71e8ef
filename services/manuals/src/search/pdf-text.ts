import { dirname, join } from 'node:path';
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { keepingNativeBuiltIns } from './native-built-ins';

/** Longest text kept for one page (a tsvector holds at most 1 MB; a real page is a few KB). */
export const MAX_PAGE_CHARS = 100_000;

/** The PDF could not be read at all (damaged, encrypted, not a PDF): retrying cannot help. */
export class UnreadablePdfError extends Error {}

/** A page holds searchable text when it has at least this many letters or digits (else it is a scanned image). */
const MIN_TEXT_CHARS = 20;
export const hasText = (page: string) => (page.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_TEXT_CHARS;

/** One page's text layer and its size in PDF points (what OCR needs to draw it). */
export interface PdfPageText {
  text: string;
  width: number;
  height: number;
}

let loaded: Promise<typeof Pdfjs> | undefined;

/**
 * pdf.js (legacy build, for Node), loaded on the first job only: the HTTP process that never indexes
 * never pays for it. Its parser runs in this thread (the "fake worker" given as `globalThis.pdfjsWorker`),
 * so nothing is fetched or spawned at run time.
 */
function pdfjs(): Promise<typeof Pdfjs> {
  // without the built-ins its polyfills would replace for the whole process (see native-built-ins.ts)
  loaded ??= keepingNativeBuiltIns(async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  });
  return loaded;
}

/** The fonts pdf.js substitutes for the 14 standard PDF fonts, read from the package folder. */
const standardFontDataUrl = () => `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * Plain text of a page as a reader sees it: one line per line of the PDF, Unicode compatibility forms
 * folded (ligatures, full-width digits), control characters dropped (Postgres text holds no NUL), runs of
 * spaces collapsed.
 */
export function cleanPageText(raw: string): string {
  return (
    raw
      .normalize('NFKC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u00ad\u200b-\u200d\ufeff]/g, (c) => (c === '\t' ? ' ' : ''))
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, MAX_PAGE_CHARS)
  );
}

/** The text of every page of a PDF, in order (page 1 first): `readPdfPages` without the sizes. */
export async function extractPdfPages(bytes: Uint8Array, onPage?: (page: number, total: number) => Promise<void> | void): Promise<string[]> {
  return (await readPdfPages(bytes, onPage)).map((p) => p.text);
}

/**
 * The text layer of every page of a PDF, in order (page 1 first), with the page's size. An empty text for a
 * page without one (a scanned image). `onPage` runs after each page, so a long document lets the event loop
 * breathe. A document pdf.js cannot open throws UnreadablePdfError.
 */
export async function readPdfPages(bytes: Uint8Array, onPage?: (page: number, total: number) => Promise<void> | void): Promise<PdfPageText[]> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    data: bytes,
    standardFontDataUrl: standardFontDataUrl(),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    stopAtErrors: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw new UnreadablePdfError(err instanceof Error ? err.message : String(err));
  }
  try {
    const pages: PdfPageText[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      let raw = '';
      let size = { width: 595, height: 842 };
      try {
        const page = await doc.getPage(n);
        try {
          const [x0, y0, x1, y1] = page.view;
          size = { width: Math.abs(x1! - x0!), height: Math.abs(y1! - y0!) };
          const content = await page.getTextContent();
          for (const item of content.items) {
            if (!('str' in item)) continue;
            raw += item.str;
            if (item.hasEOL) raw += '\n';
          }
        } finally {
          page.cleanup();
        }
      } catch {
        // one damaged page leaves the others readable
        raw = '';
      }
      pages.push({ text: cleanPageText(raw), ...size });
      await onPage?.(n, doc.numPages);
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
