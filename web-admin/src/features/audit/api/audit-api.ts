import type { AuditPage } from '@clima/contract/audit';
import { api } from '../../../lib/api';

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
  return api.get('/api/admin/audit', {
    query: { admin: f.admin, entity: f.entity, action: f.action, from: f.from, to: f.to, page: f.page, per_page: PER_PAGE },
    signal,
  });
}
