import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { fetchAdminStats } from '../api/stats-api';

/** The dashboard's figures; loaded only while an admin session exists (spec 6). */
export function useAdminStats(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => fetchAdminStats(signal),
    enabled,
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
