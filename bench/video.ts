/**
 * Video for the field (issue 28), in one run:
 *  1. transcoding speed: a generated 720p source (BENCH_VIDEO_SECONDS, 60 by default, moving test card + tone,
 *     H.264 at ~6 Mb/s as a phone records it) converted by the catalog's own ffmpeg plan (the ladder, the
 *     offline MP4; `nice` as the worker runs it), as a multiple of real time;
 *  2. the bytes of the first minute at each rung, against the original file's first minute;
 *  3. the p99 of GET /api/contents through the gateway (active subscriber, BENCH_CONNECTIONS, 20 by default)
 *     while the catalog worker converts an upload of that source, against the same load without a conversion,
 *     with the CPU this load generator used (a saturated generator would hide a slower server);
 *  4. once that upload is converted and published as a content: play → first frame through the gateway in
 *     Chromium on a throttled connection (4G-like and 3G, CDP network emulation), HLS against the original MP4,
 *     with Chromium's own CPU (`lib/first-frame.ts`).
 *
 *   npm run bench:video      BENCH_VIDEO_SECONDS (60), BENCH_SECONDS (10), BENCH_CONNECTIONS (20),
 *                            BENCH_FRAME_RUNS (5 per player and connection)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstFrame } from './lib/first-frame';
import { load, print, repoRoot, withPlatform } from './lib/harness';

const ROOT = repoRoot();
const ADMIN = { username: 'bench-admin', password: 'bench-admin-local-only' };
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const FRAME_RUNS = Math.max(1, Number(process.env.BENCH_FRAME_RUNS ?? 5));

interface Source {
  width: number;
  height: number;
  durationSeconds: number;
  hasAudio: boolean;
}
interface Rung {
  name: string;
  height: number;
}
/** The catalog worker's own ffmpeg plan (services/catalog/src/videos/transcode/ffmpeg-ladder.ts), compiled. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ladder = require(join(ROOT, 'services/catalog/dist/videos/transcode/ffmpeg-ladder.js')) as {
  probeSource(file: string): Promise<Source>;
  ladderFor(src: Source): Rung[];
  ladderArgs(p: { input: string; outDir: string; source: Source; ladder: Rung[]; segmentSeconds: number }): string[];
  runFfmpeg(args: string[], o: { nice: number; timeoutMs: number }): Promise<void>;
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The source: what a technician's phone uploads (720p, ~6 Mb/s H.264 + AAC). */
function makeSource(dir: string): string {
  const out = join(dir, 'fonte.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '6M', '-maxrate', '6M', '-bufsize', '12M', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-shortest', out,
  ]);
  return out;
}

/** Bytes of the segments covering the first 60 s of a rung's playlist. */
function firstMinuteBytes(outDir: string, rung: string): number {
  const playlist = readFileSync(join(outDir, `${rung}.m3u8`), 'utf8');
  let t = 0;
  let bytes = 0;
  let duration = 0;
  for (const line of playlist.split('\n')) {
    const inf = /^#EXTINF:([\d.]+),/.exec(line);
    if (inf) duration = Number(inf[1]);
    else if (/\.ts$/.test(line) && t < 60) {
      bytes += statSync(join(outDir, line)).size;
      t += duration;
    }
  }
  return bytes;
}

async function transcodeAlone(source: string, dir: string): Promise<void> {
  const src = await ladder.probeSource(source);
  const rungs = ladder.ladderFor(src);
  const outDir = join(dir, 'out');
  execFileSync('mkdir', ['-p', outDir]);
  const started = process.hrtime.bigint();
  await ladder.runFfmpeg(ladder.ladderArgs({ input: source, outDir, source: src, ladder: rungs, segmentSeconds: 4 }), { nice: 19, timeoutMs: 3_600_000 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(`\n1. transcoding: ${SECONDS} s of 1280×720 → ${rungs.map((r) => r.name).join(' / ')} + offline 360p MP4 in ${wall.toFixed(1)} s = ${(SECONDS / wall).toFixed(2)}× real time\n`);
  const original = statSync(source).size * Math.min(1, 60 / src.durationSeconds);
  process.stdout.write(`2. bytes of the first minute: original ${mb(original)}\n`);
  for (const r of rungs) {
    const b = firstMinuteBytes(outDir, r.name);
    process.stdout.write(`   ${r.name.padEnd(5)} ${mb(b).padStart(9)}  (${((b / original) * 100).toFixed(1)}% of the original)\n`);
  }
  const offline = statSync(join(outDir, 'offline.mp4')).size;
  process.stdout.write(`   offline MP4 (whole video) ${mb(offline)}; ${readdirSync(outDir).length} files\n`);
}

const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const json = { 'content-type': 'application/json' };

/** Runs the load while tracking the generator's own CPU (% of one core). */
async function measured(label: string, url: string, cookie: string) {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const f = await load(label, url, { headers: { cookie }, connections: CONNECTIONS });
  const used = process.cpuUsage(cpu0);
  const wall = Number(process.hrtime.bigint() - t0) / 1000;
  return { ...f, generatorCpu: Math.round(((used.user + used.system) / wall) * 100) };
}

async function readPathDuringTranscode(source: string): Promise<void> {
  await withPlatform(
    async (p) => {
      const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
      execFileSync(process.execPath, [join(ROOT, 'services/auth/dist/seed.js')], { env: { ...process.env, ...p.env } });
      const admin = cookieOf(await fetch(`${gateway}/api/admin/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) }));
      const subscriber = { email: `video-${Date.now()}@bench.local`, password: 'segredo123' };
      const reg = await fetch(`${gateway}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Técnico Bench', ...subscriber }) });
      const cookie = cookieOf(reg);
      const { id } = (await reg.json()) as { id: string };
      const activated = await fetch(`${gateway}/api/admin/users/${id}`, {
        method: 'PUT',
        headers: { ...json, cookie: admin },
        body: JSON.stringify({ subscription_status: 'active', subscription_plan: 'monthly', subscription_expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
      });
      if (!activated.ok) throw new Error(`activate: ${activated.status}`);
      const url = `${gateway}/api/contents`;
      await load('warm-up', url, { headers: { cookie }, duration: 3, connections: CONNECTIONS });
      const without = await measured('/api/contents, no conversion', url, cookie);

      const form = new FormData();
      form.append('video', new Blob([readFileSync(source)], { type: 'video/mp4' }), 'aula.mp4');
      const up = await fetch(`${gateway}/api/admin/upload-video`, { method: 'POST', headers: { cookie: admin }, body: form });
      if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
      const uploaded = ((await up.json()) as { url: string }).url;
      const name = uploaded.split('/').pop()!;
      const status = async () => ((await (await fetch(`${gateway}/api/admin/videos?names=${name}`, { headers: { cookie: admin } })).json()) as { status: string; percent: number }[])[0]!;
      for (let i = 0; i < 100 && (await status()).status !== 'processing'; i++) await new Promise((r) => setTimeout(r, 100));
      const before = await status();
      const during = await measured('/api/contents, during a conversion', url, cookie);
      const after = await status();
      print([without, during]);
      process.stdout.write(
        `3. p99 of /api/contents: ${without.p99} ms without a conversion, ${during.p99} ms during one (${(during.p99 / Math.max(1, without.p99)).toFixed(2)}×); ` +
          `req/s ${without.rps.toFixed(0)} → ${during.rps.toFixed(0)}; the conversion went from ${before.status} ${before.percent}% to ${after.status} ${after.percent}% while measured; ` +
          `load generator CPU ${without.generatorCpu}% / ${during.generatorCpu}% of one core; machine load average ${loadavg()[0]!.toFixed(1)}\n`,
      );

      // 4. the converted upload as a content, played through the gateway: HLS against the original MP4
      const converting = Date.now();
      for (let s = await status(); s.status !== 'ready'; s = await status()) {
        if (s.status === 'failed') throw new Error('the conversion failed');
        if (Date.now() - converting > 3_600_000) throw new Error(`the conversion did not end: ${s.status} ${s.percent}%`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      const created = await fetch(`${gateway}/api/admin/contents`, {
        method: 'POST',
        headers: { ...json, cookie: admin },
        body: JSON.stringify({ title: 'Superaquecimento na prática', video_file_url: uploaded, is_published: 1 }),
      });
      if (created.status !== 201) throw new Error(`content: ${created.status} ${await created.text()}`);
      const contentId = ((await created.json()) as { id: number }).id;
      await firstFrame({ gateway, contentId, ...subscriber, runs: FRAME_RUNS, loadavg: () => loadavg()[0]!.toFixed(1) });
    },
    { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_USERS: 'false' },
    { seed: true },
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'clima-bench-video-'));
  try {
    const source = makeSource(dir);
    process.stdout.write(`source: ${SECONDS} s, 1280×720, ${mb(statSync(source).size)}; machine load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    await transcodeAlone(source, dir);
    await readPathDuringTranscode(source);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
