import { VIDEO_FILE_NAME_RE, VIDEO_FILE_PREFIX } from '@clima/contract/catalog';
import type { VideoStreams } from '@clima/contract/video-streams';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

/** The upload's name in `/api/files/videos/<name>`, or null for any other address. */
export function uploadNameOf(url: string | null | undefined): string | null {
  if (!url || !url.startsWith(VIDEO_FILE_PREFIX)) return null;
  const name = url.slice(VIDEO_FILE_PREFIX.length);
  return VIDEO_FILE_NAME_RE.test(name) ? name : null;
}

/**
 * What the catalog made of an uploaded video (HLS ladder, poster, captions, offline copy), asked when the video
 * opens. `settled` turns true once the answer is known, or its failure (the original file then plays alone), so
 * the player starts once with the right source.
 */
export function useVideoStreams(fileUrl: string | null | undefined): { streams: VideoStreams | null; settled: boolean } {
  const name = uploadNameOf(fileUrl);
  const [answer, setAnswer] = useState<{ name: string; streams: VideoStreams | null } | null>(null);
  useEffect(() => {
    if (name === null) return;
    const abort = new AbortController();
    api
      .get('/api/videos/:name/streams', { params: { name }, signal: abort.signal })
      .then((streams) => setAnswer({ name, streams }))
      .catch(() => !abort.signal.aborted && setAnswer({ name, streams: null }));
    return () => abort.abort();
  }, [name]);
  if (name === null) return { streams: null, settled: true };
  return answer?.name === name ? { streams: answer.streams, settled: true } : { streams: null, settled: false };
}
