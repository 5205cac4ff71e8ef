import { OwnStats, RankingAnswer, type RankingEntry, type RankingPeriod } from '@clima/contract/ranking';
import { api, orEmptyList } from '../../../lib/api';

/** GET /api/ranking?period=: the top entries of the week or of all time, best first; a failure gives an empty board (spec section 7.2). */
export async function fetchRanking(period: RankingPeriod, signal?: AbortSignal): Promise<RankingEntry[]> {
  const rows = await orEmptyList(api.get('/api/ranking', { query: { period }, signal }), signal);
  const parsed = RankingAnswer.safeParse(rows);
  if (!parsed.success) console.error(parsed.error);
  return parsed.success ? parsed.data : [];
}

/** GET /api/users/me/stats: own stats, or null when they cannot be loaded (the screen shows zeros). */
export async function fetchOwnStats(): Promise<OwnStats | null> {
  try {
    const parsed = OwnStats.safeParse(await api.get('/api/users/me/stats'));
    if (!parsed.success) console.error(parsed.error);
    return parsed.success ? parsed.data : null;
  } catch (err) {
    console.error(err);
    return null;
  }
}
