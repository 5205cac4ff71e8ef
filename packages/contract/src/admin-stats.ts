import { z } from 'zod';

/**
 * GET /api/admin/stats (spec section 3). Chart series: the last 30 São Paulo days, oldest first, with
 * `formattedDate` in pt-BR 'dd/mm'. `missing` names the parts whose service did not answer in time
 * ('catalog', 'ranking', 'billing'; empty when all did): their numbers are 0, their lists and series empty.
 */
export const AdminStats = z.object({
  totalUsers: z.number(),
  activeSubscriptions: z.number(),
  totalContents: z.number(),
  totalCategories: z.number(),
  totalViews: z.number(),
  monthlyRevenue: z.number(),
  /** monthlyRevenue split by payment method (card, Pix, boleto). */
  revenueByMethod: z.object({ card: z.number(), pix: z.number(), boleto: z.number() }).optional(),
  chartData: z.object({
    revenue: z.array(z.object({ formattedDate: z.string(), revenue: z.number() })),
    access: z.array(z.object({ formattedDate: z.string(), unique_users: z.number(), total_sessions: z.number() })),
    views: z.array(z.object({ formattedDate: z.string(), views: z.number() })),
  }),
  recentUsers: z.array(z.object({ id: z.string(), name: z.string().nullable(), email: z.string(), created_at: z.string(), subscription_status: z.string() })),
  popularContents: z.array(z.object({ id: z.number(), title: z.string(), views_count: z.number(), category_name: z.string().nullable() })),
  subscriptionStats: z.object({ monthly: z.number(), annual: z.number() }),
  missing: z.array(z.string()).optional(),
});
export type AdminStats = z.infer<typeof AdminStats>;
