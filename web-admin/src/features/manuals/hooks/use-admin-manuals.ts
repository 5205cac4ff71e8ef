import type { Manual } from '@clima/contract/manuals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { createManual, deleteManual, fetchAdminManuals, setManualPublished, updateManual, type ManualCreateInput, type ManualUpdateInput } from '../api/manuals-api';

const logs = messages.manuals.logs;

export function useAdminManuals(filters: { search: string; type: string }, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.manuals.list(filters),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAdminManuals(filters, signal);
      } catch (err) {
        if (!signal.aborted) console.error(logs.load, err);
        return [];
      }
    },
    enabled,
    placeholderData: keepPreviousData,
    // a PDF just saved is read in the background: the list follows until its text is settled
    refetchInterval: (query) => (query.state.data?.some((m) => m.text_status === 'pending') ? PENDING_REFRESH_MS : false),
  });
}

/** How often the list is read again while a manual's PDF waits for its text. */
const PENDING_REFRESH_MS = 3000;

export type SaveManual = { kind: 'create'; body: ManualCreateInput } | { kind: 'update'; id: number; body: ManualUpdateInput };

export function useSaveManual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveManual): Promise<Manual> => (save.kind === 'create' ? createManual(save.body) : updateManual(save.id, save.body)),
    onError: (err) => console.error(logs.save, err),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.manuals.all }),
  });
}

export function useToggleManualPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (manual: Manual) => setManualPublished(manual.id, manual.is_published ? 0 : 1),
    onError: (err) => console.error(logs.toggle, err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.manuals.all }),
  });
}

export function useDeleteManual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteManual(id),
    onError: (err) => console.error(logs.delete, err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.manuals.all }),
  });
}
