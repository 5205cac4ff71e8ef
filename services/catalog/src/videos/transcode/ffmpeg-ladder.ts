import { execFile, spawn } from 'node:child_process';
import { HLS_RUNGS } from '@clima/contract';

/** What ffprobe says of a source file. */
export interface SourceInfo {
  width: number;
  height: number;
  durationSeconds: number;
  hasAudio: boolean;
}

/** One rung of the ladder: its name (`360p`), the short side in pixels and its bit rates. */
export interface Rung {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/**
 * Bit rates per rung (video + AAC). 360p stays near 3.5 MB a minute, as a technician on 4G needs it; the upper
 * rungs are a little under Apple's authoring figures (the lessons are mostly talking and close-ups).
 */
const RATES: Record<number, { videoKbps: number; audioKbps: number }> = {
  360: { videoKbps: 400, audioKbps: 64 },
  540: { videoKbps: 1200, audioKbps: 96 },
  720: { videoKbps: 2400, audioKbps: 128 },
};

/** A conversion that can never succeed (the file is not a video ffmpeg reads): not retried. */
export class UnreadableVideoError extends Error {}

const PROBE_TIMEOUT_MS = 60_000;

/** Reads the size (as displayed, rotation applied), duration and audio presence of a file. */
export async function probeSource(file: string): Promise<SourceInfo> {
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_type,width,height:stream_side_data=rotation:format=duration', '-of', 'json', file],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
      (err, stdout) => (err ? reject(new UnreadableVideoError('arquivo de vídeo ilegível ou corrompido')) : resolve(stdout)),
    ),
  );
  const parsed = JSON.parse(out) as {
    streams?: { codec_type?: string; width?: number; height?: number; side_data_list?: { rotation?: number }[] }[];
    format?: { duration?: string };
  };
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  const duration = Number.parseFloat(parsed.format?.duration ?? '');
  if (!video || !Number.isFinite(duration) || duration <= 0) throw new UnreadableVideoError('o arquivo não contém um vídeo legível');
  const rotated = Math.abs(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 180 === 90;
  return {
    width: rotated ? video.height! : video.width!,
    height: rotated ? video.width! : video.height!,
    durationSeconds: duration,
    hasAudio: !!parsed.streams?.some((s) => s.codec_type === 'audio'),
  };
}

/**
 * The rungs for a source: every rung up to the source's short side (never scaled up); a source smaller than
 * the lowest rung gets one rung at its own size.
 */
export function ladderFor(src: Pick<SourceInfo, 'width' | 'height'>): Rung[] {
  const short = Math.min(src.width, src.height);
  const fit = HLS_RUNGS.filter((h) => h <= short);
  if (fit.length) return fit.map((h) => ({ name: `${h}p`, height: h, ...RATES[h]! }));
  const own = Math.max(2, short - (short % 2));
  return [{ name: `${own}p`, height: own, ...RATES[360]! }];
}

/** The lowest rung, also the offline MP4's size. */
export const offlineRung = (ladder: Rung[]): Rung => ladder[0]!;

export interface LadderPlan {
  input: string;
  outDir: string;
  source: SourceInfo;
  ladder: Rung[];
  segmentSeconds: number;
}

/** The scale filter that makes the short side `h` (portrait videos keep their orientation). */
const scaleTo = (src: SourceInfo, h: number) => (src.height <= src.width ? `scale=-2:${h}` : `scale=${h}:-2`);

/**
 * One ffmpeg run for the whole ladder and the offline copy: the source is decoded once and split. Key frames
 * are forced every `segmentSeconds` on every rung (same times), so the segments line up across rungs and a
 * player can switch at any boundary.
 */
export function ladderArgs(p: LadderPlan): string[] {
  const { source: src, ladder } = p;
  const branches = ladder.length + 1;
  const labels = ladder.map((_, i) => `[v${i}]`);
  const filter =
    `[0:v]split=${branches}${labels.join('')}[voff];` +
    [...ladder.map((r, i) => `${labels[i]}${scaleTo(src, r.height)},format=yuv420p[o${i}]`), `[voff]${scaleTo(src, offlineRung(ladder).height)},format=yuv420p[ooff]`].join(';');
  const keyFrames = ['-force_key_frames', `expr:gte(t,n_forced*${p.segmentSeconds})`, '-sc_threshold', '0'];
  const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main'];
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-nostats', '-progress', 'pipe:1', '-i', p.input, '-filter_complex', filter];

  // the HLS ladder
  ladder.forEach((_, i) => {
    args.push('-map', `[o${i}]`);
    if (src.hasAudio) args.push('-map', '0:a:0');
  });
  args.push(...h264, ...keyFrames);
  ladder.forEach((r, i) => {
    args.push(`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.1)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`);
    if (src.hasAudio) args.push(`-b:a:${i}`, `${r.audioKbps}k`);
  });
  if (src.hasAudio) args.push('-c:a', 'aac', '-ac', '2', '-ar', '44100');
  const streamMap = ladder.map((r, i) => (src.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`)).join(' ');
  args.push(
    '-f', 'hls',
    '-hls_time', String(p.segmentSeconds),
    '-hls_playlist_type', 'vod',
    '-hls_flags', 'independent_segments',
    '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', `${p.outDir}/%v_%05d.ts`,
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streamMap,
    `${p.outDir}/%v.m3u8`,
  );

  // the offline copy: one small MP4, its index first so it plays while it downloads
  const off = offlineRung(ladder);
  args.push('-map', '[ooff]');
  if (src.hasAudio) args.push('-map', '0:a:0', '-c:a', 'aac', '-ac', '2', '-ar', '44100', '-b:a', `${off.audioKbps}k`);
  args.push(...h264, ...keyFrames, '-b:v', `${off.videoKbps}k`, '-maxrate', `${Math.round(off.videoKbps * 1.1)}k`, '-bufsize', `${off.videoKbps * 2}k`);
  args.push('-movflags', '+faststart', '-f', 'mp4', `${p.outDir}/offline.mp4`);
  return args;
}

/** The poster: one frame a little into the video (the first is often black), at most 720 px on its short side. */
export function posterArgs(input: string, src: SourceInfo, out: string): string[] {
  const at = Math.min(1, src.durationSeconds / 3).toFixed(2);
  const h = Math.min(720, Math.min(src.width, src.height));
  return ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-ss', at, '-i', input, '-frames:v', '1', '-vf', `${scaleTo(src, h - (h % 2))}`, '-q:v', '4', out];
}

export interface RunOptions {
  /** Niceness of the ffmpeg process (0 normal … 19 lowest). */
  nice: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Seconds of output written so far (from `-progress`). */
  onProgress?: (seconds: number) => void;
}

/** Runs ffmpeg at low priority (`nice`); rejects with the last lines ffmpeg wrote on its error output. */
export function runFfmpeg(args: string[], o: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('nice', ['-n', String(o.nice), 'ffmpeg', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let pending = '';
    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(stop, o.timeoutMs);
    o.signal?.addEventListener('abort', stop, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m && o.onProgress) o.onProgress(Number(m[1]) / 1e6);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', stop);
      if (code === 0) return resolve();
      const last = stderr.trim().split('\n').slice(-2).join(' ').trim();
      reject(new Error(signal ? `ffmpeg interrompido (${signal})` : `ffmpeg: ${last || `código ${code}`}`));
    });
  });
}
