import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { AppError } from '@clima/common';
import { createServer, request as httpRequest, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import { LocalStorage } from './local-storage';
import { VIDEO_KINDS } from './magic';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';
import { receiveUpload, UploadRule } from './upload';
import { movBytes, mp4Bytes, pdfBytes, webmBytes } from './testing/fixtures';
import { startS3Server } from './testing/s3-server';

const rule: UploadRule = {
  field: 'video',
  kinds: VIDEO_KINDS,
  maxBytes: 256 * 1024,
  prefix: 'videos',
  messages: { wrongType: 'tipo errado', tooLarge: 'grande demais', missing: 'sem arquivo', malformed: 'malformado' },
};

/** A bare HTTP server that hands every request to receiveUpload, as a controller would. */
function uploadServer(storage: Storage): Server {
  return createServer((req, res) => {
    receiveUpload(req, storage, rule, res).then(
      (file) => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(file)),
      (err: unknown) => {
        const status = err instanceof AppError ? err.status : 500;
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (err as Error).message }));
      },
    );
  });
}

interface Driver {
  storage: Storage;
  /** Names of the objects under videos/. */
  list(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  stop(): Promise<void>;
}

async function localDriver(): Promise<Driver> {
  const dir = await mkdtemp(join(tmpdir(), 'clima-upload-'));
  const storage = new LocalStorage(dir);
  return {
    storage,
    list: async () => (await readdir(join(dir, 'videos')).catch(() => [] as string[])).sort(),
    read: (key) => readFile(join(dir, key)),
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

async function s3Driver(): Promise<Driver> {
  const server = await startS3Server();
  const storage = new S3Storage(server.config);
  return {
    storage,
    list: async () =>
      ((await storage.client.send(new ListObjectsV2Command({ Bucket: server.config.bucket, Prefix: 'videos/' }))).Contents ?? [])
        .map((o) => o.Key!.slice('videos/'.length))
        .sort(),
    read: async (key) => {
      const got = await storage.stream(key);
      return Buffer.concat(await got!.body.toArray());
    },
    stop: server.stop,
  };
}

describe.each([
  ['local disk', localDriver],
  ['S3', s3Driver],
])('receiveUpload on %s', (_name, makeDriver) => {
  let driver: Driver;
  let server: Server;
  beforeAll(async () => {
    driver = await makeDriver();
    server = uploadServer(driver.storage);
  });
  afterAll(async () => {
    server.close();
    await driver.stop();
  });

  it('stores MP4, WebM and MOV under random names with the detected type', async () => {
    for (const [bytes, ext, type] of [
      [mp4Bytes(200_000), 'mp4', 'video/mp4'],
      [webmBytes(5000), 'webm', 'video/webm'],
      [movBytes(40), 'mov', 'video/quicktime'],
    ] as const) {
      const res = await request(server).post('/').attach('video', bytes, { filename: '../../etc/passwd.png', contentType: 'image/png' });
      expect(res.status).toBe(201);
      expect(res.body.name).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
      expect(res.body).toMatchObject({ key: `videos/${res.body.name}`, contentType: type, size: bytes.length });
      expect((await driver.read(res.body.key)).equals(bytes)).toBe(true);
    }
  });

  it('accepts a file of exactly the limit and refuses one byte more with 413, leaving nothing', async () => {
    const before = await driver.list();
    const exact = await request(server).post('/').attach('video', mp4Bytes(rule.maxBytes), 'a.mp4');
    expect(exact.status).toBe(201);
    const over = await request(server).post('/').attach('video', mp4Bytes(rule.maxBytes + 1), 'a.mp4');
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ error: 'grande demais' });
    expect(await driver.list()).toEqual([...before, exact.body.name].sort());
  });

  it('refuses with 413 at once when the declared length is far above the limit', async () => {
    const res = await request(server)
      .post('/')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(rule.maxBytes + 2 * 1024 * 1024))
      .send('');
    expect(res.status).toBe(413);
  });

  it('refuses what is not a video by its bytes (even named .mp4) and keeps nothing', async () => {
    const before = await driver.list();
    for (const bytes of [pdfBytes(1000), Buffer.from('<script>alert(1)</script>'), Buffer.alloc(0), Buffer.alloc(100_000, 7)]) {
      const res = await request(server).post('/').attach('video', bytes, { filename: 'video.mp4', contentType: 'video/mp4' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'tipo errado' });
    }
    expect(await driver.list()).toEqual(before);
  });

  it('answers 400 for a missing field, a non-multipart body and a broken multipart body', async () => {
    const before = await driver.list();
    expect((await request(server).post('/').attach('other', mp4Bytes(100), 'a.mp4')).body).toEqual({ error: 'sem arquivo' });
    expect((await request(server).post('/').field('video', 'texto')).body).toEqual({ error: 'sem arquivo' });
    const json = await request(server).post('/').send({ video: 'x' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ error: 'malformado' });
    const cut = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n'),
      mp4Bytes(50_000),
    ]);
    const broken = await request(server).post('/').set('Content-Type', 'multipart/form-data; boundary=b').send(cut);
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: 'malformado' });
    const noBoundary = await request(server).post('/').set('Content-Type', 'multipart/form-data').send('x');
    expect(noBoundary.status).toBe(400);
    expect(await driver.list()).toEqual(before);
  });
});

describe('receiveUpload memory', () => {
  let dir: string;
  let server: Server;
  const big: UploadRule = { ...rule, maxBytes: 512 * 1024 * 1024 };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clima-upload-'));
    const storage = new LocalStorage(dir);
    server = createServer((req, res) => {
      receiveUpload(req, storage, big).then(
        (file) => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(file)),
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lets the request buffers go as the file streams through: 192 MB add a few megabytes, not tens', async () => {
    const size = 192 * 1024 * 1024;
    const boundary = 'memoryboundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    // one block sent again and again: the sender allocates nothing while it runs
    const block = mp4Bytes(1024 * 1024);
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent === 0) this.push(head);
        if (sent >= size) return void this.push(sent === size ? ((sent += 1), tail) : null);
        this.push(block);
        sent += block.length;
      },
    });
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 2);
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length } },
        (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)),
      );
      req.on('error', reject);
      body.pipe(req);
    });
    clearInterval(sampler);
    expect(status).toBe(201);
    expect((peak - before) / 1024 / 1024).toBeLessThan(16);
  });
});
