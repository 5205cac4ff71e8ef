import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { S3Storage } from './s3-storage';
import type { HttpResponse } from './storage';
import { mp4Bytes } from './testing/fixtures';
import { startS3Server } from './testing/s3-server';

describe('S3Storage against a real S3-protocol server', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let storage: S3Storage;
  beforeAll(async () => {
    server = await startS3Server();
    storage = new S3Storage(server.config);
  });
  afterAll(() => server.stop());

  const keys = async (prefix: string) =>
    ((await storage.client.send(new ListObjectsV2Command({ Bucket: server.config.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

  it('uploads a multi-megabyte file in parts and reads ranges of it', async () => {
    const file = mp4Bytes(19 * 1024 * 1024 + 123);
    // fed in 64 KiB chunks, as a request body arrives
    const chunks = (function* () {
      for (let at = 0; at < file.length; at += 65536) yield file.subarray(at, at + 65536);
    })();
    const put = await storage.put('videos/big.mp4', Readable.from(chunks), { contentType: 'video/mp4' });
    expect(put).toEqual({ key: 'videos/big.mp4', size: file.length });
    expect(await storage.stat('videos/big.mp4')).toEqual({ size: file.length });

    const start = 10 * 1024 * 1024 - 7;
    const part = await storage.stream('videos/big.mp4', { start, end: start + 999 });
    expect(part && { size: part.size, start: part.start, end: part.end }).toEqual({ size: file.length, start, end: start + 999 });
    expect((await buffer(part!.body)).equals(file.subarray(start, start + 1000))).toBe(true);
  });

  it('serves through a short-lived presigned URL that honours Range', async () => {
    const file = mp4Bytes(300_000);
    await storage.put('videos/served.mp4', Readable.from([file]), { contentType: 'video/mp4' });
    let location = '';
    let status = 0;
    const res: HttpResponse = {
      status(code) {
        status = code;
        return this;
      },
      setHeader() {},
      redirect(code, url) {
        status = code;
        location = url;
      },
      end() {},
    };
    await storage.serve(res, 'videos/served.mp4', { contentType: 'video/mp4' });
    expect(status).toBe(302);
    expect(location).toContain('X-Amz-Expires=60');
    const ranged = await fetch(location, { headers: { Range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(file.subarray(100, 200))).toBe(true);
  });

  it('removes the object when the stream fails, and reports missing objects as null', async () => {
    const failing = new Readable({
      read() {
        this.push(mp4Bytes(1024));
        this.destroy(new Error('cut'));
      },
    });
    await expect(storage.put('videos/broken.mp4', failing, { contentType: 'video/mp4' })).rejects.toThrow();
    expect(await keys('videos/broken')).toEqual([]);
    expect(await storage.stat('videos/none.mp4')).toBeNull();
    expect(await storage.stream('videos/none.mp4')).toBeNull();
    await storage.delete('videos/none.mp4');
  });
});
