import { createInflate } from 'node:zlib';

/** Thrown when a PDF's compressed streams expand past the cap. */
export class ExpandedSizeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`expanded content over ${limitBytes} bytes`);
  }
}

/** Bytes that inflating `data` through `rounds` zlib stages gives, counted without keeping them; stops past `limit`. */
function inflatedSize(data: Uint8Array, rounds: number, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const stages = Array.from({ length: rounds }, () => createInflate());
    let total = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const s of stages) s.destroy();
      resolve(total);
    };
    for (let i = 0; i + 1 < stages.length; i++) stages[i]!.pipe(stages[i + 1]!);
    // a damaged or truncated stream counts for what it gave (pdf.js reads it the same way)
    for (const s of stages) s.on('error', finish);
    const last = stages.at(-1)!;
    last.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) finish();
    });
    last.on('end', finish);
    stages[0]!.end(data);
  });
}

const FLATE = /\/(?:FlateDecode|Fl)\b/g;
const IMAGE = /\/Subtype\s*\/Image\b/;

/**
 * The size the PDF's Flate streams expand to, other than images (the text reader never decodes pictures;
 * drawing a page for OCR runs under its own memory cap). A "PDF bomb" — a few KB that inflate to hundreds
 * of MB — is refused here, before pdf.js holds any of it in memory. A chain of Flate filters is followed
 * to its end. Throws ExpandedSizeError past `limitBytes`.
 */
export async function checkExpandedSize(pdf: Buffer, limitBytes: number): Promise<number> {
  let total = 0;
  let at = 0;
  for (;;) {
    const keyword = pdf.indexOf('stream', at, 'latin1');
    if (keyword === -1) break;
    at = keyword + 6;
    if (keyword >= 3 && pdf.toString('latin1', keyword - 3, keyword) === 'end') continue;
    // the data starts after an end of line
    let start = keyword + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    if (start === keyword + 6) continue;
    const end = pdf.indexOf('endstream', start, 'latin1');
    if (end === -1) break;
    at = end + 9;
    const objStart = pdf.lastIndexOf(' obj', keyword, 'latin1');
    const dict = pdf.toString('latin1', Math.max(objStart, keyword - 4096, 0), keyword);
    const flates = dict.match(FLATE)?.length ?? 0;
    if (!flates || IMAGE.test(dict)) continue;
    total += await inflatedSize(pdf.subarray(start, end), flates, limitBytes - total);
    if (total > limitBytes) throw new ExpandedSizeError(limitBytes);
  }
  return total;
}
