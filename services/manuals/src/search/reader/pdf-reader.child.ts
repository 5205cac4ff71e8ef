/**
 * The child process that reads one PDF (forked by pdf-reader.ts, one per file): its text layer with pdf.js,
 * and OCR for the pages without one. It refuses a PDF whose streams expand past the cap before pdf.js
 * opens it; memory and time are capped by the parent, which kills this process group past them.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { hasText, readPdfPages, UnreadablePdfError } from '../pdf-text';
import { checkExpandedSize, ExpandedSizeError } from './expanded-size';
import { ocrPage } from './ocr';
import type { ReaderAnswer, ReaderRequest, ReadPage } from './reader-protocol';

async function read(req: ReaderRequest): Promise<ReaderAnswer> {
  const bytes = await readFile(req.file);
  try {
    await checkExpandedSize(bytes, req.expandedBytes);
  } catch (err) {
    if (err instanceof ExpandedSizeError) return { ok: false, kind: 'expanded' };
    throw err;
  }
  let layer: Awaited<ReturnType<typeof readPdfPages>>;
  try {
    layer = await readPdfPages(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (err) {
    if (err instanceof UnreadablePdfError) return { ok: false, kind: 'unreadable', detail: err.message };
    throw err;
  }
  const pages: ReadPage[] = [];
  const workDir = await mkdtemp(join(dirname(req.file), 'ocr-'));
  const started = Date.now();
  let ocrPages = 0;
  try {
    for (const [i, page] of layer.entries()) {
      if (!req.ocr || hasText(page.text)) {
        pages.push({ text: page.text });
        continue;
      }
      const read = await ocrPage(req.file, i + 1, page, { workDir, memoryBytes: req.toolMemoryBytes, languages: req.ocrLanguages });
      ocrPages++;
      pages.push(read.text.length > page.text.length ? { text: read.text, words: read.words } : { text: page.text });
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return { ok: true, pages, ocrMs: Date.now() - started, ocrPages };
}

// the parent gone (its process stopped), nothing is left running: this process group ends
process.on('disconnect', () => process.kill(-process.pid, 'SIGKILL'));
process.once('message', (req: ReaderRequest) => {
  read(req).then(
    (answer) => process.send!(answer, () => process.exit(0)),
    (err: unknown) => process.send!({ ok: false, kind: 'error', detail: err instanceof Error ? err.message : String(err) } satisfies ReaderAnswer, () => process.exit(0)),
  );
});
