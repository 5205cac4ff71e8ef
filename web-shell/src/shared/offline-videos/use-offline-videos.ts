import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { queryKeys } from '../../app/query-keys';
import { api } from '../../lib/api';
import { useOnline } from '../hooks/use-online';
import {
  getOfflineVideo,
  listOfflineVideos,
  type OfflineVideo,
  offlineVideosVersion,
  offlineVideoUsage,
  type OfflineVideoUsage,
  subscribeOfflineVideos,
  syncOfflineVideos,
} from './offline-videos';

/**
 * Reads the saved copies again at every change (save, removal, the online check). Cache Storage and
 * IndexedDB need no network; a browser without them (or a failure) reads as nothing saved.
 */
function useSaved<T>(key: string | null, load: (key: string) => Promise<T>, empty: T): { data: T; settled: boolean } {
  const version = useSyncExternalStore(subscribeOfflineVideos, offlineVideosVersion, () => 0);
  const [answer, setAnswer] = useState<{ key: string; data: T } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load(key)
      .catch(() => empty)
      .then((data) => live && setAnswer({ key, data }));
    return () => {
      live = false;
    };
  }, [key, version, load, empty]);
  if (key === null) return { data: empty, settled: true };
  // while a newer read runs, the previous answer for the same key stays shown
  return answer?.key === key ? { data: answer.data, settled: true } : { data: empty, settled: false };
}

const NO_VIDEOS: OfflineVideo[] = [];
const loadList = () => listOfflineVideos();
const loadUsage = (): Promise<OfflineVideoUsage | null> => offlineVideoUsage();

export const useOfflineVideos = () => useSaved('list', loadList, NO_VIDEOS);

/** The copy of one upload kept on this device, or null; `settled` once known. */
export function useOfflineVideo(name: string | null): { copy: OfflineVideo | null; settled: boolean } {
  const { data, settled } = useSaved(name, getOfflineVideo, null);
  return { copy: data, settled };
}

export const useOfflineVideoUsage = (): OfflineVideoUsage | null => useSaved('usage', loadUsage, null).data;

/**
 * The online check of the saved videos (the shell runs it at every session change while online): the copies
 * are removed unless their owner is signed in with an active subscription, as the session answers it.
 */
export function useOfflineVideosCheck(user: { id: string; subscription_status: string | null } | null, pending: boolean): void {
  const online = useOnline();
  useQuery({
    queryKey: queryKeys.offlineVideosCheck(user?.id ?? null, user?.subscription_status ?? null),
    queryFn: () => syncOfflineVideos(async () => (await api.get('/api/session')).user),
    enabled: online && !pending,
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
}
