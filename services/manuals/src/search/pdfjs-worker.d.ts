/** pdf.js's parser, run in the same thread as the library (see pdf-text.ts); the package ships no types for it. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
