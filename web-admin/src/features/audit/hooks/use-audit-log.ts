import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../app/query-keys';
import { messages } from '../../../i18n/messages';
import { fetchAuditPage, type AuditFilters } from '../api/audit-api';

/** One page of the audit log; the previous page stays on screen while the next loads. */
export function useAuditLog(filters: AuditFilters, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.audit.list({ ...filters }),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAuditPage(filters, signal);
      } catch (err) {
        if (!signal.aborted) console.error(messages.audit.logs.load, err);
        throw err;
      }
    },
    enabled,
    placeholderData: keepPreviousData,
    // the log only grows: a fresh look each time the screen is opened
    staleTime: 0,
  });
}
