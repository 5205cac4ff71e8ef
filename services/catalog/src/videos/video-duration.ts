import { execFile } from 'node:child_process';
import type { Storage } from '@clima/storage';

/** How long ffprobe may read a file before the duration is given up (the upload still succeeds). */
const PROBE_TIMEOUT_MS = 30_000;

/**
 * The duration of a stored video in whole seconds, read from the file itself by ffprobe (Debian's ffmpeg), or
 * null when it cannot be read (no ffprobe, a file it does not understand). ffprobe reads the object where it is
 * (`Storage.location`: the file on the local disk, a presigned URL on S3, where it asks for the ranges it needs,
 * an index at the file's end included): the video's bytes never pass through this process. Copied through it
 * to a temporary file, as before, a 400 MB upload left about 30 MB of dead read buffers behind it
 * (bench/upload-memory.ts).
 */
export async function probeVideoSeconds(storage: Storage, key: string): Promise<number | null> {
  try {
    const source = await storage.location(key);
    if (!source) return null;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        'ffprobe',
        // `file:` so that a local path is never taken for another protocol; an S3 URL may only be http(s)
        ['-v', 'error', '-protocol_whitelist', 'file,http,https,tcp,tls', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', /^https?:\/\//.test(source) ? source : `file:${source}`],
        { timeout: PROBE_TIMEOUT_MS },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    const seconds = Number.parseFloat(out.trim());
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : null;
  } catch {
    return null;
  }
}
