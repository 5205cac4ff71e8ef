import { BillingStats } from '@clima/contract';
import { Injectable } from '@nestjs/common';
import { BillingStatsRepository } from './billing-stats.repository';

const reais = (cents: number | string | null) => Math.round(Number(cents ?? 0)) / 100;

/** The admin dashboard's billing figures (money in BRL, São Paulo calendar days). */
@Injectable()
export class BillingStatsService {
  constructor(private readonly figures: BillingStatsRepository) {}

  async stats(): Promise<BillingStats> {
    const [days, month, plans] = await Promise.all([this.figures.revenuePerDay(), this.figures.revenueThisMonth(), this.figures.subscribersByPlan()]);
    const count = (plan: string) => Number(plans.find((p) => p.plan === plan)?.n ?? 0);
    const byMethod = (method: string) => Number(month.find((r) => r.method === method)?.cents ?? 0);
    return {
      monthlyRevenue: reais(month.reduce((sum, r) => sum + Number(r.cents), 0)),
      revenueByMethod: { card: reais(byMethod('card')), pix: reais(byMethod('pix')), boleto: reais(byMethod('boleto')) },
      revenuePerDay: days.map((d) => ({ date: d.date, revenue: reais(d.cents) })),
      subscriptionStats: { monthly: count('monthly'), annual: count('annual') },
    };
  }
}
