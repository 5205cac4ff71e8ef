import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../app/query-keys';
import { api } from '../../lib/api';
import { useOnline } from '../hooks/use-online';
import { listOfflineVideos, offlineVideoUsage, syncOfflineVideos } from './offline-videos';

// Cache Storage and IndexedDB need no network: these queries run offline too ('always').

export const useOfflineVideos = () =>
  useQuery({ queryKey: queryKeys.offlineVideos, queryFn: listOfflineVideos, networkMode: 'always', staleTime: Infinity });

/** The copy of one upload, or null (undefined while the list loads). */
export function useOfflineVideo(name: string | null) {
  const list = useOfflineVideos();
  if (name === null) return { copy: null, settled: true };
  return { copy: list.data?.find((v) => v.name === name) ?? null, settled: !list.isPending };
}

export const useOfflineVideoUsage = () =>
  useQuery({ queryKey: queryKeys.offlineVideoUsage, queryFn: offlineVideoUsage, networkMode: 'always', staleTime: Infinity });

/**
 * The online check of the saved videos (the shell runs it on every session change while online): the copies
 * are removed unless their owner is signed in with an active subscription, as the session answers it.
 */
export function useOfflineVideosCheck(user: { id: string; subscription_status: string | null } | null, pending: boolean): void {
  const online = useOnline();
  const queryClient = useQueryClient();
  useQuery({
    queryKey: queryKeys.offlineVideosCheck(user?.id ?? null, user?.subscription_status ?? null),
    queryFn: async () => {
      const result = await syncOfflineVideos(async () => (await api.get('/api/session')).user);
      if (result === 'dropped') await queryClient.invalidateQueries({ queryKey: queryKeys.offlineVideosAll });
      return result;
    },
    enabled: online && !pending,
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
}
