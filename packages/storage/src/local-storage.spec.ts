import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalStorage } from './local-storage';
import { assertSafeKey, HttpResponse, parseRange } from './storage';

function fakeResponse() {
  const res = {
    statusCode: 0,
    headers: {} as Record<string, string | number>,
    ended: false,
    code(code: number) {
      res.statusCode = code;
      return res;
    },
    header(name: string, value: string | number) {
      res.headers[name.toLowerCase()] = value;
      return res;
    },
    redirect(url: string, status: number) {
      res.statusCode = status;
      res.headers.location = url;
    },
    send() {
      res.ended = true;
    },
  };
  return res satisfies HttpResponse;
}

describe('LocalStorage', () => {
  let dir: string;
  let storage: LocalStorage;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clima-storage-'));
    storage = new LocalStorage(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes, reads ranges, serves through nginx and deletes', async () => {
    const put = await storage.put('videos/abc.mp4', Readable.from([Buffer.from('0123456789')]), { contentType: 'video/mp4' });
    expect(put).toEqual({ key: 'videos/abc.mp4', size: 10 });
    expect(await readFile(join(dir, 'videos/abc.mp4'), 'utf8')).toBe('0123456789');
    expect(await storage.stat('videos/abc.mp4')).toEqual({ size: 10 });

    const part = await storage.stream('videos/abc.mp4', { start: 2, end: 5 });
    expect(part && { size: part.size, start: part.start, end: part.end }).toEqual({ size: 10, start: 2, end: 5 });
    expect(await text(part!.body)).toBe('2345');
    const whole = await storage.stream('videos/abc.mp4');
    expect(await text(whole!.body)).toBe('0123456789');

    const res = fakeResponse();
    await storage.serve(res, 'videos/abc.mp4', { contentType: 'video/mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe('/media/videos/abc.mp4');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.ended).toBe(true);

    // where a program on this machine reads it: the file itself
    expect(await storage.location('videos/abc.mp4')).toBe(join(dir, 'videos/abc.mp4'));
    expect(await storage.location('videos/none.mp4')).toBeNull();

    await storage.delete('videos/abc.mp4');
    await storage.delete('videos/abc.mp4');
    expect(await storage.stat('videos/abc.mp4')).toBeNull();
    expect(await storage.stream('videos/abc.mp4')).toBeNull();
  });

  it('leaves nothing behind when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('cut'));
      },
    });
    await expect(storage.put('videos/broken.mp4', failing, { contentType: 'video/mp4' })).rejects.toThrow('cut');
    expect(await readdir(join(dir, 'videos'))).toEqual([]);
  });

  it('refuses keys that could leave the storage directory', async () => {
    for (const key of ['../etc/passwd', 'videos/../../x', '/abs', 'videos//x', 'Videos/X.mp4', 'a\\b', '']) {
      expect(() => assertSafeKey(key)).toThrow();
    }
    await expect(storage.stat('../outside')).rejects.toThrow();
  });

  it('parses HTTP ranges against the size', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange(undefined, 1000)).toBeNull();
  });
});
