import type { AuditPage } from '@clima/contract/audit';
import { api, withQuery } from '../../../lib/api';

/** The screen's filters as the query string carries them ('' = no filter). */
export interface AuditFilters {
  admin: string;
  entity: string;
  action: string;
  from: string;
  to: string;
  page: number;
}

export const PER_PAGE = 20;

export function fetchAuditPage(f: AuditFilters, signal?: AbortSignal): Promise<AuditPage> {
  return api<AuditPage>(
    withQuery('/api/admin/audit', {
      admin: f.admin,
      entity: f.entity,
      action: f.action,
      from: f.from,
      to: f.to,
      page: String(f.page),
      per_page: String(PER_PAGE),
    }),
    { signal },
  );
}
