import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../app/query-keys';
import { sendOrQueue } from '../../../shared/playback/offline-watch-queue';
import type { WatchSender } from '../../../shared/playback/use-watch-reporting';
import { fetchContent, fetchContentCategories, fetchContentPreview, fetchContentPosition, fetchContents, fetchContinueContents, saveContentPosition } from '../api/contents-api';

export const useContents = (filters: { search: string; category: string }, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.contents(filters),
    queryFn: ({ signal }) => fetchContents(filters, signal),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useContentCategories = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.contentCategories, queryFn: fetchContentCategories, enabled, staleTime: 5 * 60_000 });

/** Opening a content counts a view on the server, so the lists' view counts are refreshed after it. */
export function useContent(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.content(id),
    queryFn: async () => {
      const content = await fetchContent(id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.contentsAll });
      return content;
    },
  });
}

/** Where the user stopped in the content's video (null when nothing was saved). */
export const useContentPosition = (id: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.contentPosition(id), queryFn: () => fetchContentPosition(id), enabled, staleTime: 0 });

/** 'Continuar assistindo' on /contents (signed-in users only). */
export const useContinueContents = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.continueContents, queryFn: ({ signal }) => fetchContinueContents(signal), enabled });

/** Saves the player's reports on a content; the saved position and the continue row follow each one. */
export function useSaveContentPosition(id: string, owner?: string): WatchSender {
  const queryClient = useQueryClient();
  return useCallback(
    async (report, keepalive) => {
      // without network the report waits for it (issue 28: a video watched from its offline copy)
      const saved = await sendOrQueue(owner, { kind: 'content', id }, report, () => saveContentPosition(id, report, keepalive));
      if (saved === null) return true;
      queryClient.setQueryData(queryKeys.contentPosition(id), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.continueContents });
      return true;
    },
    [id, owner, queryClient],
  );
}

/** The locked preview a visitor or non-subscriber sees beneath the gate. */
export const useContentPreview = (id: string) => useQuery({ queryKey: queryKeys.contentPreview(id), queryFn: () => fetchContentPreview(id), retry: false });
