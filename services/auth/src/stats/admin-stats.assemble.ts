import type { AdminStats, AuthStats, BillingStats, CatalogStats, RankingStats } from '@clima/contract';

/** The services asked over RPC for the dashboard, in the order `missing` lists them. */
export const REMOTE_PARTS = ['catalog', 'ranking', 'billing'] as const;
export type RemotePart = (typeof REMOTE_PARTS)[number];

export interface StatsParts {
  auth: AuthStats;
  catalog: CatalogStats | null;
  ranking: RankingStats | null;
  billing: BillingStats | null;
}

/** 'YYYY-MM-DD' (a São Paulo calendar day, as the services send it) → pt-BR 'dd/mm'. */
export function dayMonth(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  return m ? `${m[3]}/${m[2]}` : isoDay;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/**
 * The answer of GET /api/admin/stats (spec section 3) from each service's figures. A part whose service
 * did not answer is named in `missing`; its numbers are 0 and its lists and chart series are empty.
 */
export function assembleAdminStats(p: StatsParts): AdminStats {
  const missing = REMOTE_PARTS.filter((part) => !p[part]);
  return {
    totalUsers: p.auth.totalUsers,
    activeSubscriptions: p.auth.activeSubscriptions,
    totalContents: num(p.catalog?.totalContents),
    totalCategories: num(p.catalog?.totalCategories),
    totalViews: num(p.catalog?.totalViews),
    monthlyRevenue: num(p.billing?.monthlyRevenue),
    revenueByMethod: { card: num(p.billing?.revenueByMethod?.card), pix: num(p.billing?.revenueByMethod?.pix), boleto: num(p.billing?.revenueByMethod?.boleto) },
    chartData: {
      revenue: (p.billing?.revenuePerDay ?? []).map((d) => ({ formattedDate: dayMonth(d.date), revenue: num(d.revenue) })),
      access: (p.ranking?.access ?? []).map((d) => ({
        formattedDate: dayMonth(d.date),
        unique_users: num(d.unique_users),
        total_sessions: num(d.total_sessions),
      })),
      views: (p.catalog?.viewsPerDay ?? []).map((d) => ({ formattedDate: dayMonth(d.date), views: num(d.views) })),
    },
    recentUsers: p.auth.recentUsers,
    popularContents: (p.catalog?.popularContents ?? []).map((c) => ({
      id: num(c.id),
      title: c.title,
      views_count: num(c.views_count),
      category_name: c.category_name ?? null,
    })),
    subscriptionStats: p.auth.subscriptionStats,
    missing,
  };
}
