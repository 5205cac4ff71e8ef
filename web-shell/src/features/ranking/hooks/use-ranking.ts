import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { fetchOwnStats, fetchRanking } from '../api/ranking-api';

export const useRanking = () => useQuery({ queryKey: queryKeys.ranking, queryFn: fetchRanking });
export const useOwnStats = () => useQuery({ queryKey: queryKeys.ownStats, queryFn: fetchOwnStats });
