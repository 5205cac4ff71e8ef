import type { PDFDocumentProxy } from 'pdfjs-dist';
// The worker is a file of our own build (hashed under /assets/, precached by the service worker), never a CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type PdfJs = typeof import('pdfjs-dist');

let loading: Promise<PdfJs> | null = null;

/** pdf.js, downloaded the first time a manual is opened (a chunk of its own, never in the first load). */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then(
    (pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return pdfjs;
    },
    (err: unknown) => {
      // a chunk that failed to load (no network) is tried again next time
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Opens a PDF from its bytes. pdf.js takes over the buffer it is given (it moves to the worker), so it
 * gets a copy: the caller's bytes stay usable (to keep them offline, say).
 */
export async function openPdf(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  // no eval: the site's Content-Security-Policy forbids it
  return pdfjs.getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false, verbosity: pdfjs.VerbosityLevel.ERRORS }).promise;
}
