import type { OwnStats, RankingEntry } from '@clima/contract/ranking';
import { api, apiList } from '../../../lib/api';

export const fetchRanking = () => apiList<RankingEntry>('/api/ranking');

export async function fetchOwnStats(): Promise<OwnStats | null> {
  try {
    const data = await api<unknown>('/api/users/me/stats');
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as OwnStats) : null;
  } catch (err) {
    console.error(err);
    return null;
  }
}
