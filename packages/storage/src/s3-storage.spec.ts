import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { PART_SIZE, PARTS_IN_FLIGHT, S3Storage } from './s3-storage';
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
      code(code) {
        status = code;
        return this;
      },
      header() {
        return this;
      },
      redirect(url, code) {
        status = code;
        location = url;
      },
      send() {},
    };
    await storage.serve(res, 'videos/served.mp4', { contentType: 'video/mp4' });
    expect(status).toBe(302);
    expect(location).toContain('X-Amz-Expires=60');
    const ranged = await fetch(location, { headers: { Range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(file.subarray(100, 200))).toBe(true);
  });

  it('gives a presigned URL on its own endpoint where a program reads the object (ranges too), null for a missing one', async () => {
    const file = mp4Bytes(200_000);
    await storage.put('videos/located.mp4', Readable.from([file]), { contentType: 'video/mp4' });
    const url = await storage.location('videos/located.mp4');
    expect(url?.startsWith(`${server.config.endpoint}/`)).toBe(true);
    const ranged = await fetch(url!, { headers: { Range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(file.subarray(1000, 2000))).toBe(true);
    expect(await storage.location('videos/none.mp4')).toBeNull();
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

describe('S3Storage uploads in bounded memory (seen from a proxy in front of the S3 server)', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let proxy: http.Server;
  let storage: S3Storage;
  /** Every request the driver made, and how many part uploads were under way at most. */
  let requests: { method: string; url: string; length: number }[] = [];
  let sendingParts = 0;
  let mostParts = 0;

  beforeAll(async () => {
    server = await startS3Server();
    const target = new URL(server.config.endpoint!);
    proxy = http.createServer((req, res) => {
      const url = req.url ?? '';
      const isPart = req.method === 'PUT' && /[?&]partNumber=/.test(url);
      requests.push({ method: req.method ?? '', url, length: Number(req.headers['content-length'] ?? 0) });
      if (isPart) mostParts = Math.max(mostParts, ++sendingParts);
      // parts take a while, as over a real network: the driver must wait rather than pile them up
      void sleep(isPart ? 40 : 0).then(() => {
        const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: url, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => isPart && sendingParts--);
        });
        req.pipe(upstream);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    storage = new S3Storage({ ...server.config, endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await new Promise((r) => proxy.close(r));
    await server.stop();
  });
  beforeEach(() => {
    requests = [];
    mostParts = 0;
  });

  /** A stream as fast as memory: 64 KiB chunks of `file`, failing after `failAt` bytes when given. */
  const fast = (file: Buffer, failAt = Infinity) => {
    let at = 0;
    return new Readable({
      read() {
        if (at >= failAt) return void this.destroy(new Error('cut'));
        if (at >= file.length) return void this.push(null);
        this.push(file.subarray(at, at + 65536));
        at += 65536;
      },
    });
  };

  it(`sends a large file in parts of ${PART_SIZE / 1024 / 1024} MiB, at most ${PARTS_IN_FLIGHT} at once, and stores every byte`, async () => {
    const file = mp4Bytes(6 * PART_SIZE + 12_345);
    expect(await storage.put('videos/long.mp4', fast(file), { contentType: 'video/mp4' })).toEqual({ key: 'videos/long.mp4', size: file.length });
    const parts = requests.filter((r) => r.method === 'PUT' && /partNumber=/.test(r.url));
    expect(parts.map((p) => p.length)).toEqual([...Array(6).fill(PART_SIZE), 12_345]);
    expect(mostParts).toBe(PARTS_IN_FLIGHT);
    const stored = await storage.stream('videos/long.mp4');
    expect((await buffer(stored!.body)).equals(file)).toBe(true);
  });

  it('reuses the part buffers of an upload for the next one: a second upload allocates none', async () => {
    const file = mp4Bytes(3 * PART_SIZE + 1);
    await storage.put('videos/first.mp4', fast(file), { contentType: 'video/mp4' });
    const allocations = jest.spyOn(Buffer, 'allocUnsafe');
    try {
      expect(await storage.put('videos/second.mp4', fast(file), { contentType: 'video/mp4' })).toEqual({ key: 'videos/second.mp4', size: file.length });
      expect(allocations.mock.calls.filter(([size]) => size === PART_SIZE)).toHaveLength(0);
    } finally {
      allocations.mockRestore();
    }
    expect((await buffer((await storage.stream('videos/second.mp4'))!.body)).equals(file)).toBe(true);
  });

  it('writes a file of at most one part in one PUT, an empty one too', async () => {
    for (const size of [PART_SIZE - 1, 0]) {
      requests = [];
      const file = size ? mp4Bytes(size) : Buffer.alloc(0);
      expect(await storage.put('videos/short.mp4', fast(file), { contentType: 'video/mp4' })).toEqual({ key: 'videos/short.mp4', size });
      expect(requests.map((r) => r.method)).toEqual(['PUT']);
      expect(await storage.stat('videos/short.mp4')).toEqual({ size });
    }
  });

  it('aborts the multipart upload when the stream fails after some parts, and leaves no object', async () => {
    const file = mp4Bytes(4 * PART_SIZE);
    await expect(storage.put('videos/cut.mp4', fast(file, 2 * PART_SIZE + 65536), { contentType: 'video/mp4' })).rejects.toThrow('cut');
    expect(requests.filter((r) => r.method === 'PUT' && /partNumber=/.test(r.url))).toHaveLength(2);
    expect(requests.some((r) => r.method === 'DELETE' && /[?&]uploadId=/.test(r.url))).toBe(true);
    expect(requests.some((r) => r.method === 'POST' && /[?&]uploadId=/.test(r.url))).toBe(false);
    expect(await storage.stat('videos/cut.mp4')).toBeNull();
  });
});
