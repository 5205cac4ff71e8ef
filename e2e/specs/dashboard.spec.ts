import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AdminStats, Content } from '@clima/contract';
import { AdminLoginPage } from '../pages/admin-pages';
import { AdminDashboardPage } from '../pages/dashboard-page';
import { admin, newUser, registerUser } from '../support/api';

const int = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

async function adminApi(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/admin/auth/login', { data: admin });
  expect(res.status()).toBe(200);
}

async function stats(request: APIRequestContext): Promise<AdminStats> {
  const res = await request.get('/api/admin/stats');
  expect(res.status()).toBe(200);
  return (await res.json()) as AdminStats;
}

test.describe('admin dashboard', () => {

  test('after a view, a subscription activated by the admin and a heartbeat, the dashboard shows the new figures', async ({ page, playwright, baseURL }) => {
    const adminCtx = await playwright.request.newContext({ baseURL });
    const userCtx = await playwright.request.newContext({ baseURL });
    try {
      await adminApi(adminCtx);
      // the answer is cached for a few seconds: a baseline taken after one cache lifetime is current
      await stats(adminCtx);
      await page.waitForTimeout(5_500);
      const before = await stats(adminCtx);
      expect(before.missing).toEqual([]);

      // a technician signs up and the admin makes the subscription active (monthly)
      const user = await registerUser(userCtx, newUser('painel'));
      const me = (await (await userCtx.get('/api/users/me')).json()) as { id: string };
      const put = await adminCtx.put(`/api/admin/users/${encodeURIComponent(me.id)}`, { data: { subscription_status: 'active', subscription_plan: 'monthly' } });
      expect(put.status()).toBe(200);

      // they watch the most-watched published content and stay online for a heartbeat
      const list = (await (await userCtx.get('/api/contents')).json()) as Content[];
      const watched = [...list].sort((a, b) => b.views_count - a.views_count || b.id - a.id)[0]!;
      // the gateway may keep the caller's identity for a few seconds: the first 200 is the one counted view
      await expect.poll(async () => (await userCtx.get(`/api/contents/${watched.id}`)).status(), { timeout: 15_000 }).toBe(200);
      expect((await userCtx.post('/api/users/session/heartbeat', { data: {} })).status()).toBe(200);

      const today = { access: before.chartData.access.at(-1)!, views: before.chartData.views.at(-1)! };
      const dashboard = new AdminDashboardPage(page);
      await new AdminLoginPage(page).goto();
      await new AdminLoginPage(page).login(admin.username, admin.password);
      await dashboard.expectLoaded();

      await dashboard.expectEventually(async () => {
        await expect(dashboard.summaryValue('total-users')).toHaveText(int(before.totalUsers + 1), { timeout: 1000 });
        await expect(dashboard.summaryValue('active-subscriptions')).toHaveText(int(before.activeSubscriptions + 1), { timeout: 1000 });
        await expect(dashboard.planCount('monthly')).toHaveText(int(before.subscriptionStats.monthly + 1), { timeout: 1000 });
        await expect(dashboard.popularRow(watched.title).getByTestId('popular-views')).toHaveText(int(watched.views_count + 1), { timeout: 1000 });
        await expect(dashboard.todayRow('access')).toHaveText([today.access.formattedDate, int(today.access.unique_users + 1), /\d/], { timeout: 1000 });
      });

      await expect(dashboard.summaryValue('total-contents')).toHaveText(int(before.totalContents));
      await expect(dashboard.navCount('users')).toHaveText(`${int(before.totalUsers + 1)} usuários cadastrados`);
      await expect(dashboard.navCount('contents')).toHaveText(`${int(before.totalContents)} vídeos`);
      await expect(dashboard.navCount('categories')).toHaveText(`${int(before.totalCategories)} categorias criadas`);
      await expect(dashboard.recentUser(user.name)).toContainText('Ativo');
      await expect(dashboard.todayRow('views')).toHaveText([today.views.formattedDate, int(today.views.views + 1)]);
      // the axes speak pt-BR: today's 'dd/mm' closes the date axis
      await expect(dashboard.chart('views').locator('svg text').filter({ hasText: today.views.formattedDate }).first()).toBeVisible();
    } finally {
      await adminCtx.dispose();
      await userCtx.dispose();
    }
  });

  test('the dashboard fits a phone: cards, charts and lists @phone', async ({ page }) => {
    await new AdminLoginPage(page).goto();
    await new AdminLoginPage(page).login(admin.username, admin.password);
    const dashboard = new AdminDashboardPage(page);
    await dashboard.expectLoaded();
    for (const card of ['total-users', 'active-subscriptions', 'total-contents', 'monthly-revenue'] as const) {
      await expect(dashboard.summaryValue(card)).toBeVisible();
    }
    await expect(dashboard.summaryValue('monthly-revenue')).toHaveText(/^R\$\s/);
    for (const chart of ['revenue', 'access', 'views'] as const) await expect(dashboard.chart(chart).locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Usuários Recentes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Conteúdos Mais Assistidos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Distribuição de Assinaturas' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a user whose admin flag is removed gets 'Acesso Negado' on the dashboard", async ({ page, playwright, baseURL }) => {
    const adminCtx = await playwright.request.newContext({ baseURL });
    try {
      await adminApi(adminCtx);
      await registerUser(page.request, newUser('gestor'));
      const me = (await (await page.request.get('/api/users/me')).json()) as { id: string };
      const path = `/api/admin/users/${encodeURIComponent(me.id)}`;
      expect((await adminCtx.put(path, { data: { is_admin: true } })).status()).toBe(200);
      await expect.poll(async () => (await page.request.get('/api/admin/auth/me')).status(), { timeout: 15_000 }).toBe(200);

      // the user opens the panel with their own session
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { name: 'Usuários', level: 1 })).toBeVisible();

      // the flag goes away while the panel is open: the stats answer is 403
      expect((await adminCtx.put(path, { data: { is_admin: false } })).status()).toBe(200);
      await expect.poll(async () => (await page.request.get('/api/admin/stats')).status(), { timeout: 15_000 }).toBe(403);
      await page.getByRole('link', { name: 'Painel', exact: true }).click();
      await new AdminDashboardPage(page).expectAccessDenied();
    } finally {
      await adminCtx.dispose();
    }
  });
});
