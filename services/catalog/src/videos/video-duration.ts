import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '@clima/storage';

/** How long ffprobe may read a file before the duration is given up (the upload still succeeds). */
const PROBE_TIMEOUT_MS = 30_000;

/**
 * The duration of a stored video in whole seconds, read from the file itself by ffprobe (Debian's ffmpeg), or
 * null when it cannot be read (no ffprobe, a file it does not understand). The object is copied to a private
 * temporary folder first: an MP4 whose index sits at its end cannot be read from a pipe.
 */
export async function probeVideoSeconds(storage: Storage, key: string): Promise<number | null> {
  const dir = await mkdtemp(join(tmpdir(), 'clima-probe-'));
  try {
    const object = await storage.stream(key);
    if (!object) return null;
    const file = join(dir, 'video');
    await pipeline(object.body, createWriteStream(file));
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        'ffprobe',
        ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
        { timeout: PROBE_TIMEOUT_MS },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    const seconds = Number.parseFloat(out.trim());
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : null;
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
