import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/dashboard — the admin dashboard of spec 2.14. */
export class AdminDashboardPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin/dashboard');
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Painel Administrativo', level: 1 })).toBeVisible();
    await expect(this.page.getByText('Visão geral e controle completo da plataforma')).toBeVisible();
  }

  summaryValue(card: 'total-users' | 'active-subscriptions' | 'total-contents' | 'monthly-revenue'): Locator {
    return this.page.getByTestId(`summary-${card}`).getByTestId('summary-value');
  }

  navCount(card: 'users' | 'contents' | 'categories' | 'administrators'): Locator {
    return this.page.getByTestId(`nav-card-${card}`).getByTestId('nav-count');
  }

  planCount(plan: 'monthly' | 'annual'): Locator {
    return this.page.getByTestId(`plan-${plan}`).getByTestId('plan-count');
  }

  recentUser(name: string): Locator {
    return this.page.getByTestId('recent-user').filter({ hasText: name });
  }

  popularRow(title: string): Locator {
    return this.page.getByTestId('popular-content').filter({ hasText: title });
  }

  chart(id: 'revenue' | 'access' | 'views'): Locator {
    return this.page.getByTestId(`chart-${id}`);
  }

  /** The cells of today's row (the last) in a chart's data table: date, then each series. */
  todayRow(id: 'revenue' | 'access' | 'views'): Locator {
    return this.chart(id).getByRole('table').getByRole('row').last().getByRole('cell');
  }

  /** The figures change behind a short server cache and the ranking worker: reload until they show. */
  async expectEventually(check: () => Promise<void>): Promise<void> {
    await expect(async () => {
      await this.page.reload();
      await this.expectLoaded();
      await check();
    }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
  }

  async expectAccessDenied(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
    await expect(this.page.getByText('Você não tem permissão para acessar o painel administrativo.')).toBeVisible();
  }
}
