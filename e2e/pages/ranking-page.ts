import { expect, type Locator, type Page } from '@playwright/test';

/** /ranking — the leaderboard ('Semana' | 'Geral'), 'Suas Estatísticas', 'Minhas Conquistas' and 'Como Funcionam os Pontos'. */
export class RankingPage {
  readonly rows: Locator;
  readonly stats: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('ranking-row');
    this.stats = page.getByTestId('own-stats');
  }

  async goto(): Promise<void> {
    await this.page.goto('/ranking');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Ranking Clima Pro' })).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  row(rank: number): Locator {
    return this.page.locator(`[data-testid="ranking-row"][data-rank="${rank}"]`);
  }

  currentUserRow(): Locator {
    return this.page.locator('[data-testid="ranking-row"][data-current="true"]');
  }

  names(): Locator {
    return this.rows.getByTestId('ranking-name');
  }

  section(name: string): Locator {
    return this.page.getByRole('region', { name });
  }

  /** The board's tabs: 'Semana' (the week's league, shown first) and 'Geral' (all time). */
  tab(name: 'Semana' | 'Geral'): Locator {
    return this.page.getByRole('tab', { name });
  }

  achievement(badge: string): Locator {
    return this.page.locator(`[data-testid="achievement"][data-badge="${badge}"]`);
  }

  /** The 'Acesso Restrito' gate shown to anonymous visitors. */
  async expectRestricted(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();
    await expect(this.rows).toHaveCount(0);
  }
}
