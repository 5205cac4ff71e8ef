/**
 * Issue 18's upload figure: the catalog process's memory while an administrator uploads a 400 MB video
 * through the gateway, sent as the admin panel's upload client sends it (packages/web-kit/src/upload-client.ts:
 * one POST /api/admin/upload-video, multipart/form-data with the file in the field `video`, a
 * Content-Length, Accept: application/json, the page's Origin and the admin session cookie), on each
 * storage driver: the local disk (the default) and S3 (docker-compose's MinIO; here an S3-protocol
 * server on loopback, s3rver). Aim: the process's peak resident memory under 150 MB.
 *
 * While the upload runs, the process's /proc/<pid>/status is read every 20 ms (VmRSS) and its /metrics
 * every 250 ms (V8 heap and external memory); the kernel's own peak (VmHWM) is reset after a warm-up
 * upload (/proc/<pid>/clear_refs), so the figure is the big upload's.
 *
 *   npm run bench:upload-memory      BENCH_UPLOAD_MB (400), BENCH_STORAGE (local,s3)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { metricsAuth, repoRoot, withPlatform } from './lib/harness';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 400) * MB;
const DRIVERS = (process.env.BENCH_STORAGE ?? 'local,s3').split(',').map((d) => d.trim()).filter(Boolean);
const AIM_MB = 150;
const ADMIN = { username: 'bench-admin', password: `Bench-${randomBytes(9).toString('base64url')}` };

/** Resident memory now and the peak since the last reset, in kB, from the kernel. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * The request body Chromium sends for `FormData.append('video', file)`: a WebKit boundary, the part's
 * headers, the file's bytes (an MP4 `ftyp` box, then a 1 MB pseudo-random block repeated), the closing
 * boundary. Streamed, never held whole; its exact length is known beforehand, like a browser's.
 */
function formBody(size: number, name: string): { boundary: string; length: number; stream: () => Readable } {
  const boundary = `----WebKitFormBoundary${randomBytes(12).toString('base64url').slice(0, 16)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  const block = randomBytes(MB);
  return {
    boundary,
    length: head.length + size + tail.length,
    stream: () => {
      let sent = 0;
      let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
      return new Readable({
        read() {
          if (stage === 'head') {
            stage = 'file';
            this.push(Buffer.concat([head, ftyp]));
            sent = ftyp.length;
          } else if (stage === 'file') {
            // 64 KiB writes, as a browser's network stack hands them to the socket
            const n = Math.min(64 * 1024, size - sent);
            const at = sent % MB;
            this.push(at + n <= MB ? block.subarray(at, at + n) : Buffer.concat([block.subarray(at), block.subarray(0, n - (MB - at))]));
            sent += n;
            if (sent >= size) stage = 'tail';
          } else if (stage === 'tail') {
            stage = 'done';
            this.push(tail);
          } else this.push(null);
        },
      });
    },
  };
}

function upload(gateway: string, origin: string, cookie: string, size: number): Promise<{ status: number; body: string; seconds: number }> {
  const body = formBody(size, 'aula-completa.mp4');
  const u = new URL(`${gateway}/api/admin/upload-video`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: {
          cookie,
          origin,
          accept: 'application/json',
          'content-type': `multipart/form-data; boundary=${body.boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), seconds: (performance.now() - started) / 1000 }));
      },
    );
    req.on('error', reject);
    body.stream().pipe(req);
  });
}

interface Sampled {
  rssPeak: number;
  heapUsedPeak: number;
  externalPeak: number;
}

/** Samples the process while `during` runs. */
async function sampled<T>(pid: number, metricsUrl: string, auth: Record<string, string>, during: () => Promise<T>): Promise<[T, Sampled]> {
  const s: Sampled = { rssPeak: 0, heapUsedPeak: 0, externalPeak: 0 };
  const rss = setInterval(() => {
    s.rssPeak = Math.max(s.rssPeak, memory(pid).rss);
  }, 20);
  let scraping = false;
  const metrics = setInterval(() => {
    if (scraping) return;
    scraping = true;
    fetch(metricsUrl, { headers: auth })
      .then((r) => r.text())
      .then((text) => {
        const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? 0);
        s.heapUsedPeak = Math.max(s.heapUsedPeak, value('nodejs_heap_size_used_bytes') / 1024);
        s.externalPeak = Math.max(s.externalPeak, value('nodejs_external_memory_bytes') / 1024);
      })
      .catch(() => undefined)
      .finally(() => {
        scraping = false;
      });
  }, 250);
  try {
    return [await during(), s];
  } finally {
    clearInterval(rss);
    clearInterval(metrics);
  }
}

/** An S3-protocol server on loopback with one bucket (s3rver), for the s3 driver. */
async function s3Server(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'clima-bench-s3-'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as new (o: Record<string, unknown>) => { run(): Promise<AddressInfo>; close(): Promise<void> };
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'clima-bench' }] });
  const { port } = await server.run();
  return {
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'clima-bench',
      // s3rver's fixed credentials
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** Of the resident memory, the pages mapped from files (the node executable, libraries), in kB. */
function fileBackedKb(pid: number): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return kb('Rss') - kb('Anonymous');
}

async function measure(driver: string): Promise<void> {
  const storageDir = mkdtempSync(join(tmpdir(), 'clima-bench-storage-'));
  const s3 = driver === 's3' ? await s3Server() : null;
  try {
    await withPlatform(
      async (p) => {
        const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
        const origin = new URL(p.env.PUBLIC_URL ?? gateway).origin;
        // the administrator of ADMIN_USERNAME/ADMIN_PASSWORD (the platform starts without the demo data)
        const seeded = spawnSync(process.execPath, [join(repoRoot(), 'services/auth/dist/seed.js')], { env: { ...process.env, ...p.env }, encoding: 'utf8' });
        if (seeded.status !== 0) throw new Error(`seed: ${seeded.stderr}`);
        const signin = await fetch(`${gateway}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
        if (!signin.ok) throw new Error(`admin login: ${signin.status}`);
        const cookie = signin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
        const catalog = p.children.find((c) => c.name === 'catalog');
        if (!catalog?.pid) throw new Error('catalog process not found');
        const pid = catalog.pid;

        // a first, small upload: what a process that already served one has loaded (the driver, the parser)
        const warm = await upload(gateway, origin, cookie, 8 * MB);
        if (warm.status !== 201) throw new Error(`warm-up upload: HTTP ${warm.status} ${warm.body}`);
        await new Promise((r) => setTimeout(r, 1000));
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        const before = memory(pid);
        const mapped = fileBackedKb(pid);
        const [answer, s] = await sampled(pid, `http://127.0.0.1:${p.ports.catalog}/metrics`, metricsAuth(p.env), () => upload(gateway, origin, cookie, SIZE));
        const after = memory(pid);
        if (answer.status !== 201) throw new Error(`upload: HTTP ${answer.status} ${answer.body}`);
        const url = (JSON.parse(answer.body) as { url: string }).url;
        let stored = '';
        if (driver === 'local') {
          const size = statSync(join(storageDir, 'videos', url.split('/').pop()!)).size;
          stored = size === SIZE ? ', file complete on disk' : `, FILE SIZE ${size} ≠ ${SIZE}`;
        }
        const peak = Math.max(after.hwm, s.rssPeak);
        process.stdout.write(
          `${driver.padEnd(5)}  ${(SIZE / MB).toFixed(0)} MB in ${answer.seconds.toFixed(1)} s (${(SIZE / MB / answer.seconds).toFixed(0)} MB/s)${stored}\n` +
            `       catalog resident ${mb(before.rss)} before (${mb(mapped)} of it mapped from files: node and its libraries), peak ${mb(peak)} during the upload (+${mb(peak - before.rss)}; aim < ${AIM_MB} MB: ${peak / 1024 < AIM_MB ? 'met' : 'NOT met'})\n` +
            `       peaks from /metrics: V8 heap used ${mb(s.heapUsedPeak)}, memory outside the V8 heap (buffers) ${mb(s.externalPeak)}\n`,
        );
      },
      { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_USERS: 'false', STORAGE_DIR: storageDir, ...(s3?.env ?? {}) },
    );
  } finally {
    await s3?.stop();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  process.stdout.write(`Upload of a ${(SIZE / MB).toFixed(0)} MB video through the gateway, as the admin panel sends it; catalog process memory\n`);
  for (const driver of DRIVERS) {
    if (driver !== 'local' && driver !== 's3') throw new Error(`BENCH_STORAGE: driver desconhecido ${driver}`);
    await measure(driver);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
