import { expect, test } from '@playwright/test';
import { AdminLoginPage, AdminUsersPage, AdministratorsPage } from '../pages/admin-pages';
import { ShellPage } from '../pages/shell-page';
import { admin, registerUser } from '../support/api';


test.describe('admin panel', () => {

  test('wrong credentials show "Credenciais inválidas"; /admin/* without a session goes to /admin', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin$/);
    const login = new AdminLoginPage(page);
    await page.getByLabel('Usuário').fill(admin.username);
    await page.getByLabel('Senha', { exact: true }).fill(`${admin.password}-errada`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Credenciais inválidas')).toBeVisible();
    await login.login(admin.username, admin.password);
  });

  test('create and delete an administrator, then activate a user who then sees PRO', async ({ page, request, browser }) => {
    const subscriber = await registerUser(request);

    await new AdminLoginPage(page).goto();
    await new AdminLoginPage(page).login(admin.username, admin.password);
    // the dashboard is the panel itself: no 'Voltar ao painel' there, but on every other admin page
    await expect(page.getByRole('heading', { name: 'Painel Administrativo', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toHaveCount(0);

    const administrators = new AdministratorsPage(page);
    await administrators.goto();
    await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toBeVisible();
    const username = `e2e_admin_${Date.now().toString(36)}`;
    await administrators.create(username, 'senha-forte-123');
    await administrators.delete(username);

    const users = new AdminUsersPage(page);
    await users.goto();
    await users.setSubscription(subscriber, 'Ativo', 'Mensal');

    // The subscriber, in a browser of their own, now has the PRO badge.
    const context = await browser.newContext();
    try {
      const subscriberPage = await context.newPage();
      const shell = new ShellPage(subscriberPage);
      await shell.goto('/');
      await shell.signIn(subscriber.email, subscriber.password);
      await shell.expectSignedIn(subscriber);
      await shell.expectProBadge();
    } finally {
      await context.close();
    }
  });
});
