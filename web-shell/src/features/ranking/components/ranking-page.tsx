import type { RankingPeriod } from '@clima/contract/ranking';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { PageHeader } from '../../../shared/ui/page-header';
import { AccessGuard } from '../../access/components/access-guard';
import { useAuth } from '../../auth/hooks/use-auth';
import { useOwnStats, useRanking } from '../hooks/use-ranking';
import { Achievements } from './achievements';
import { Leaderboard } from './leaderboard';
import { EMPTY_STATS, OwnStatsCard } from './own-stats';
import { PointsRules } from './points-rules';

const m = messages.ranking;

/**
 * Phone: the board first (issue 25: it was 2,100 px down, below the achievements), then the user's own stats,
 * the rules and the achievements. Wider screens: the board on the left, stats and rules beside it, the
 * achievements below. The board and the stats are asked for at once (two queries side by side).
 */
function Ranking() {
  const { user } = useAuth();
  const [period, setPeriod] = useState<RankingPeriod>('week');
  const ranking = useRanking(period);
  const stats = useOwnStats();

  return (
    <div className="space-y-6">
      <PageHeader title={m.title(messages.app.name)} subtitle={m.subtitle} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Leaderboard entries={ranking.data ?? []} isPending={ranking.isPending} currentUserId={user?.id} period={period} onPeriodChange={setPeriod} />
        </div>
        <div className="lg:col-start-2 lg:row-start-1">
          <OwnStatsCard stats={stats.data} isPending={stats.isPending} />
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <PointsRules dailyCap={stats.data?.today.online_cap} />
        </div>
        <div className="lg:col-span-2 lg:row-start-3">
          <Achievements stats={stats.data ?? EMPTY_STATS} />
        </div>
      </div>
    </div>
  );
}

/** /ranking (spec 2.11); anonymous visitors see 'Acesso Restrito'. */
export default function RankingPage() {
  return (
    <AccessGuard restrictedText={m.restrictedText}>
      <Ranking />
    </AccessGuard>
  );
}
