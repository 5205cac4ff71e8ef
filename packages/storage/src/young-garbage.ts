import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Bytes of a request body between two collections of young garbage while it streams through.
 *
 * Node hands a request body over as a new buffer per socket read (up to 64 KiB), and an upload drops
 * each one as soon as it is written on. V8 frees those buffers only when it collects garbage, which it
 * schedules by the JavaScript objects a process allocates, not by these buffers: a 400 MB upload piled
 * up about 30 MB of them between two collections (the catalog's peak memory during an upload, see
 * bench/upload-memory.ts). The buffers die young, so a young-generation collection (a scavenge: about a
 * millisecond, old objects untouched) every few megabytes frees them and memory stays flat.
 */
export const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

type Collect = (options: { type: 'minor' }) => void;
let collect: Collect | null = null;

/** V8's own `gc` function, from a context created with it (the process does not need --expose-gc). */
function collector(): Collect {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  return collect;
}

/** Counts the bytes of one upload and collects young garbage each time COLLECT_EVERY_BYTES more went by. */
export class YoungGarbage {
  private since = 0;

  passed(bytes: number): void {
    this.since += bytes;
    if (this.since < COLLECT_EVERY_BYTES) return;
    this.since = 0;
    collector()({ type: 'minor' });
  }
}
