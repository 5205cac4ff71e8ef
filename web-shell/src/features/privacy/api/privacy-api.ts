import type { DeleteAccountBody } from '@clima/contract/privacy';
import { api, ApiError, readError } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.privacy;

export interface ExportFile {
  blob: Blob;
  fileName: string;
}

/**
 * GET /api/users/me/export, read as it arrives so the screen can show how much came. The server
 * answers 503 `{error}` before any byte when a part is missing, so a file here is always whole.
 */
export async function fetchExport(onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<ExportFile> {
  const res = await fetch('/api/users/me/export', { credentials: 'include', headers: { Accept: 'application/zip' }, signal });
  if (!res.ok) throw new ApiError(res.status, await readError(res, m.exportFailed));
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'meus-dados-clima-pro.zip';
  const chunks: BlobPart[] = [];
  if (res.body) {
    const reader = res.body.getReader();
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  } else {
    chunks.push(await res.arrayBuffer());
  }
  return { blob: new Blob(chunks, { type: 'application/zip' }), fileName };
}

/** Hands the file to the browser's downloads. */
export function saveFile(file: ExportFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started by then; the blob is not needed any more
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** DELETE /api/users/me; a non-OK answer throws ApiError with the server's text. */
export function deleteAccount(body: DeleteAccountBody): Promise<{ success: true }> {
  return api.delete('/api/users/me', { body, fallbackError: m.deleteFailed });
}
