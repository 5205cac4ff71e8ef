import type { Manual } from '@clima/contract/manuals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { fetchManuals, fetchManufacturers, fetchModels, openManualFile, recordDownload, searchInManuals, type ManualFilters, type ManualSearchFilters } from '../api/manuals-api';

export const useManuals = (filters: ManualFilters, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.manuals(filters), queryFn: ({ signal }) => fetchManuals(filters, signal), enabled, placeholderData: keepPreviousData });
/** The search inside the manuals; the previous answer stays on screen while the next one loads. */
export const useManualSearch = (filters: ManualSearchFilters, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.manualSearch(filters),
    queryFn: ({ signal }) => searchInManuals(filters, signal),
    enabled: enabled && filters.q !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
export const useManufacturers = () =>
  useQuery({ queryKey: queryKeys.manufacturers, queryFn: ({ signal }) => fetchManufacturers(signal), staleTime: 5 * 60_000 });
export const useModels = (manufacturer: string) =>
  useQuery({ queryKey: queryKeys.models(manufacturer), queryFn: ({ signal }) => fetchModels(manufacturer, signal), enabled: manufacturer !== '' });

/**
 * Records the download, then opens the file. A failed recording is logged and ignored (spec section 8):
 * the file is opened all the same.
 */
export function useDownloadManual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (manual: Manual) => {
      const answer = await recordDownload(manual.id).catch((err: unknown) => {
        console.error(messages.manuals.downloadLogFailed, err);
        return null;
      });
      openManualFile(manual, answer);
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.manualsAll }),
  });
}
