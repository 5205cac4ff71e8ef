import type { RankingPeriod } from '@clima/contract/ranking';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { fetchOwnStats, fetchRanking } from '../api/ranking-api';

/** Points change while people use the platform (heartbeats every 30 s): refresh the board every minute. */
const REFRESH_MS = 60_000;

export const useRanking = (period: RankingPeriod) =>
  useQuery({ queryKey: [...queryKeys.ranking, period], queryFn: ({ signal }) => fetchRanking(period, signal), refetchInterval: REFRESH_MS });
export const useOwnStats = () => useQuery({ queryKey: queryKeys.ownStats, queryFn: fetchOwnStats, refetchInterval: REFRESH_MS });
