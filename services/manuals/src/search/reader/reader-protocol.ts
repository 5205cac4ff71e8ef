import type { OcrWord } from '@clima/contract';

/** What the parent asks the PDF reader's child process (one message, one file). */
export interface ReaderRequest {
  /** The PDF, written to a folder of this reading. */
  file: string;
  /** Largest size the non-image Flate streams may expand to, in bytes. */
  expandedBytes: number;
  /** Address space of each native tool OCR runs (pdftoppm, tesseract), in bytes. */
  toolMemoryBytes: number;
  /** Whether pages without a text layer are read by OCR. */
  ocr: boolean;
  ocrLanguages: string;
}

/** One page as read: its text, and the OCR words' places when OCR read it. */
export interface ReadPage {
  text: string;
  words?: OcrWord[];
}

/** The child's one answer. `expanded` and `unreadable` are final; `error` may pass on a retry. */
export type ReaderAnswer =
  | { ok: true; pages: ReadPage[]; ocrPages: number; ocrMs: number }
  | { ok: false; kind: 'expanded' }
  | { ok: false; kind: 'unreadable' | 'error'; detail: string };
