import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANUAL_TEXT_ERRORS } from '@clima/contract';
import type { ReaderAnswer, ReaderRequest, ReadPage } from './reader-protocol';

/** The caps of one file's reading (MANUAL_TEXT_* of the configuration). */
export interface ReaderLimits {
  /** Memory of the reading process (and of each OCR tool it runs), in MB. */
  memoryMb: number;
  /** Wall time of the whole reading, OCR included, in seconds. */
  timeoutSeconds: number;
  /** What the PDF's compressed streams (not pictures) may expand to, in MB. */
  expandedMb: number;
  /** Whether pages without a text layer are read by OCR, and in which languages (tesseract's names). */
  ocr: boolean;
  ocrLanguages: string;
}

export interface PdfReading {
  pages: ReadPage[];
  /** Pages read by OCR, and the time they took. */
  ocrPages: number;
  ocrMs: number;
}

/** The file cannot be read and never will be (over a cap, damaged, not a PDF): `reason` is shown to the administrator. */
export class PdfRefusedError extends Error {
  constructor(readonly reason: string, detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

const MB = 1024 * 1024;
const RSS_POLL_MS = 100;

/**
 * The child's entry: the compiled file beside this one, or (the service run from its TypeScript sources, as
 * the specs do) the source through the test support's loader.
 */
function childEntry(): { file: string; execArgv: string[] } {
  const compiled = join(__dirname, 'pdf-reader.child.js');
  if (existsSync(compiled)) return { file: compiled, execArgv: [] };
  return { file: join(__dirname, 'pdf-reader.child.ts'), execArgv: ['-r', join(__dirname, '../../../test/support/swc-register.js')] };
}

/** Resident memory of a process in bytes (Linux /proc), undefined where it cannot be read. */
function residentBytes(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * Reads a PDF in a child process of its own, never in the calling process: text layer (pdf.js) and OCR of
 * the scanned pages. Caps per file: the streams' expanded size (checked by the child before pdf.js opens
 * the file), the memory (V8 heap of the child, its resident size polled here, and an address-space limit
 * on each OCR tool) and the time; past a cap the child's whole process group is killed. A file over a
 * cap, damaged or not a PDF rejects with PdfRefusedError; anything else (the child failing to start, a
 * disk error) rejects with a plain Error, which the queue retries.
 */
export async function readPdfIsolated(bytes: Uint8Array, limits: ReaderLimits): Promise<PdfReading> {
  const dir = await mkdtemp(join(tmpdir(), 'clima-pdf-'));
  try {
    const file = join(dir, 'manual.pdf');
    await writeFile(file, bytes);
    const request: ReaderRequest = {
      file,
      expandedBytes: limits.expandedMb * MB,
      toolMemoryBytes: limits.memoryMb * MB,
      ocr: limits.ocr,
      ocrLanguages: limits.ocrLanguages,
    };
    return await runChild(request, limits);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runChild(request: ReaderRequest, limits: ReaderLimits): Promise<PdfReading> {
  const entry = childEntry();
  return new Promise<PdfReading>((resolve, reject) => {
    const child = fork(entry.file, [], {
      // its own process group (the OCR tools join it): a cap kills them all at once
      detached: true,
      execArgv: [...entry.execArgv, `--max-old-space-size=${limits.memoryMb}`, '--max-semi-space-size=4'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    let settled = false;
    let killedFor: string | undefined;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      fn();
    };
    const kill = (reason: string) => {
      if (killedFor || settled) return;
      killedFor = reason;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => kill(MANUAL_TEXT_ERRORS.time(limits.timeoutSeconds)), limits.timeoutSeconds * 1000);
    const poll = setInterval(() => {
      const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (rss !== undefined && rss > limits.memoryMb * MB) kill(MANUAL_TEXT_ERRORS.memory(limits.memoryMb));
    }, RSS_POLL_MS);
    child.once('message', (answer: ReaderAnswer) =>
      finish(() => {
        if (answer.ok) resolve({ pages: answer.pages, ocrPages: answer.ocrPages, ocrMs: answer.ocrMs });
        else if (answer.kind === 'expanded') reject(new PdfRefusedError(MANUAL_TEXT_ERRORS.expanded(limits.expandedMb)));
        else if (answer.kind === 'unreadable') reject(new PdfRefusedError(MANUAL_TEXT_ERRORS.unreadable, answer.detail));
        else reject(new Error(`PDF reader: ${answer.detail}`));
      }),
    );
    child.once('error', (err) => finish(() => reject(err)));
    child.once('close', (code, signal) =>
      finish(() => {
        if (killedFor) reject(new PdfRefusedError(killedFor));
        // V8 out of its heap cap aborts the process
        else if (signal === 'SIGABRT' || signal === 'SIGKILL' || code === 134) reject(new PdfRefusedError(MANUAL_TEXT_ERRORS.memory(limits.memoryMb), `exit ${signal ?? code}`));
        else reject(new PdfRefusedError(MANUAL_TEXT_ERRORS.crashed, `exit ${signal ?? code}`));
      }),
    );
    child.send(request);
  });
}
