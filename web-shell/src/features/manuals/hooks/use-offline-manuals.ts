import type { Manual } from '@clima/contract/manuals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { api } from '../../../lib/api';
import { useAuth } from '../../auth/hooks/use-auth';
import { fetchManualPages, fetchManualPdf } from '../api/manuals-api';
import {
  getOfflineManual,
  listOfflineManuals,
  offlineIds,
  offlineUsage,
  removeOfflineManual,
  requestPersistentStorage,
  saveOfflineManual,
  syncOfflineAccess,
  type OfflineCheck,
} from '../offline/offline-store';
import { useOnline } from '../../../shared/hooks/use-online';

// IndexedDB needs no network: these queries and mutations run offline too ('always'), where TanStack
// Query would otherwise pause them until the connection returns.

export const useOfflineManuals = (enabled = true) =>
  useQuery({ queryKey: queryKeys.offlineList, queryFn: listOfflineManuals, networkMode: 'always', staleTime: Infinity, enabled });

export const useOfflineIds = (enabled = true) =>
  useQuery({ queryKey: queryKeys.offlineIds, queryFn: offlineIds, networkMode: 'always', staleTime: Infinity, enabled });

export const useOfflineManual = (id: number, enabled = true) =>
  useQuery({ queryKey: queryKeys.offlineManual(id), queryFn: async () => (await getOfflineManual(id)) ?? null, networkMode: 'always', staleTime: Infinity, enabled });

export const useOfflineUsage = (enabled = true) =>
  useQuery({ queryKey: queryKeys.offlineUsage, queryFn: offlineUsage, networkMode: 'always', staleTime: Infinity, enabled });

/** Where the screens stand with the network and the offline copies. */
export interface OfflineState {
  /** No network (the browser says so, or the session could not be reached): show what is kept offline. */
  offline: boolean;
  /** Online and the check of the copies has not answered yet: do not show them before it does. */
  checking: boolean;
  check: OfflineCheck | undefined;
}

/**
 * The online check of the offline copies (on every visit of the manuals screens and whenever the session
 * changes): copies are dropped unless their owner is signed in with an active subscription.
 */
export function useOfflineCheck(): OfflineState {
  const { user, isPending } = useAuth();
  const online = useOnline();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.offlineCheck(user?.id ?? null, user?.subscription_status ?? null),
    queryFn: async () => {
      const result = await syncOfflineAccess(async () => (await api.get('/api/session')).user);
      if (result === 'dropped') await queryClient.invalidateQueries({ queryKey: queryKeys.offlineAll });
      return result;
    },
    enabled: online && !isPending,
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
  return {
    offline: !online || query.data === 'unreachable',
    checking: online && (isPending || query.isPending),
    check: query.data,
  };
}

/** 'Disponível offline' on or off for one manual. */
export function useOfflineToggle() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ manual, keep, pdf }: { manual: Manual; keep: boolean; pdf?: ArrayBuffer }) => {
      if (!keep) {
        await removeOfflineManual(manual.id);
        return;
      }
      if (!user) throw new Error('no user');
      // the viewer hands over the bytes it already has; a card downloads them (recorded as a download)
      const bytes = pdf ?? (await fetchManualPdf(manual.id)).bytes;
      const text = await fetchManualPages(manual.id);
      await saveOfflineManual(user.id, manual, bytes, text.pages);
      await requestPersistentStorage();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.offlineAll }),
  });
}
