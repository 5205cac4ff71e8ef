import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerError, UploadConnectionError, uploadFile } from './upload-client';

/** A stand-in for the browser's XMLHttpRequest that the test drives by hand. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const file = () => new File(['abc'], 'aula.mp4', { type: 'video/mp4' });

describe('uploadFile', () => {
  it('posts the file in its field with the cookie, reports progress and resolves with the answer', async () => {
    const progress: number[] = [];
    const done = uploadFile({ url: '/api/admin/upload-video', field: 'video', file: file(), onProgress: (f) => progress.push(f) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.headers.Accept]).toEqual(['POST', '/api/admin/upload-video', true, 'application/json']);
    expect((xhr.sent?.get('video') as File).name).toBe('aula.mp4');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    xhr.answer(200, '{"url":"/media/v.mp4"}');
    await expect(done).resolves.toEqual({ status: 200, body: { url: '/media/v.mp4' } });
    expect(progress).toEqual([0.25, 1]);
  });

  it('resolves a refusal with its status and error text, and a body that is not JSON as undefined', async () => {
    const refused = uploadFile({ url: '/u', field: 'file', file: file() });
    FakeXhr.last.answer(413, '{"error":"O arquivo é muito grande"}');
    const answer = await refused;
    expect(answer.status).toBe(413);
    expect(answerError(answer.body)).toBe('O arquivo é muito grande');
    const broken = uploadFile({ url: '/u', field: 'file', file: file() });
    FakeXhr.last.answer(502, '<html>Bad gateway</html>');
    await expect(broken).resolves.toEqual({ status: 502, body: undefined });
    expect(answerError(undefined)).toBe('');
  });

  it('rejects with UploadConnectionError when no answer comes', async () => {
    const failed = uploadFile({ url: '/u', field: 'file', file: file() });
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toBeInstanceOf(UploadConnectionError);
  });

  it('aborts the request when the signal aborts', async () => {
    const controller = new AbortController();
    const upload = uploadFile({ url: '/u', field: 'file', file: file(), signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});
