import { VIDEO_FILE_NAME_RE, VIDEO_FILE_PREFIX } from '@clima/contract/catalog';
import type { VideoProcessing } from '@clima/contract/video-streams';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api';

/** How often the admin asks again while a video is being converted. */
const POLL_MS = 3000;

/** The upload's name in an uploaded file's address (`/api/files/videos/<name>`), or null for a link. */
export function uploadNameOf(url: string | null | undefined): string | null {
  if (!url || !url.startsWith(VIDEO_FILE_PREFIX)) return null;
  const name = url.slice(VIDEO_FILE_PREFIX.length);
  return VIDEO_FILE_NAME_RE.test(name) ? name : null;
}

const keyOf = (names: string[]) => ['admin', 'videos', names.join(',')] as const;

/**
 * The conversion of the uploaded videos among `urls` (contents, lessons), by upload name: asked again every few
 * seconds while one is still being converted, so 'Processando vídeo… N%' moves on its own.
 */
export function useVideoProcessing(urls: (string | null | undefined)[]): Map<string, VideoProcessing> {
  const names = [...new Set(urls.map(uploadNameOf).filter((n): n is string => n !== null))].sort();
  const query = useQuery({
    queryKey: keyOf(names),
    queryFn: ({ signal }) => api.get('/api/admin/videos', { query: { names: names.join(',') }, signal }),
    enabled: names.length > 0,
    refetchInterval: (q) => (q.state.data?.some((v) => v.status === 'pending' || v.status === 'processing') ? POLL_MS : false),
  });
  return new Map((query.data ?? []).map((v) => [v.name, v]));
}

/** Asks again for every video's conversion (after captions were sent). */
export function useRefreshVideoProcessing(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: ['admin', 'videos'] }), [client]);
}
