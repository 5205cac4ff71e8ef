/** The answer to an upload: its HTTP status and its body read as JSON (undefined when it is not JSON). */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

/** The upload never got an answer (network down, server gone). */
export class UploadConnectionError extends Error {
  constructor() {
    super('upload connection failed');
    this.name = 'UploadConnectionError';
  }
}

export interface UploadOptions {
  url: string;
  /** The multipart field the server reads the file from. */
  field: string;
  file: File;
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs one file as multipart with the session cookie and reports progress, which fetch cannot do.
 * Resolves with whatever the server answered, so each caller decides what a refusal means; rejects
 * with UploadConnectionError without an answer, and with an AbortError when `signal` aborts.
 */
export function uploadFile({ url, field, file, onProgress, signal }: UploadOptions): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Envio cancelado', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new UploadConnectionError());
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}

/** The `{ error }` text of an answer's body, or ''. */
export function answerError(body: unknown): string {
  return body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : '';
}
