import { expect, test } from '@playwright/test';
import { AdminLoginPage, AdminUsersPage } from '../pages/admin-pages';
import { AuditPage } from '../pages/audit-page';
import { admin, registerUser } from '../support/api';

test.describe('admin audit log', () => {
  test('an edit shows up in Auditoria, filtered, with its before and after @phone', async ({ page, request }) => {
    const user = await registerUser(request);
    const me = await request.get('/api/users/me');
    const userId = String(((await me.json()) as { id: string }).id);

    await new AdminLoginPage(page).goto();
    await new AdminLoginPage(page).login(admin.username, admin.password);
    const users = new AdminUsersPage(page);
    await users.goto();
    await users.setSubscription(user, 'Ativo', 'Anual');

    const audit = new AuditPage(page);
    await audit.openFromSidebar();
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    await audit.filter({ admin: admin.username, entity: 'Usuários', action: 'Edição', from: today, to: today });
    const row = audit.row(userId);
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Edição')).toBeVisible();
    await expect(row.getByText(admin.username)).toBeVisible();
    // the filters hold: once no earlier answer stands in (the list is kept on screen, busy, while the next loads;
    // the name filter waits for typing to pause), every row on screen is a user edit
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(audit.rows().filter({ hasNotText: 'Usuários' })).toHaveCount(0);

    const dialog = await audit.openDetails(row);
    await expect(dialog.getByText(userId, { exact: true })).toBeVisible();
    const status = dialog.locator('[data-testid="audit-change"][data-field="subscription_status"]');
    await expect(status).toContainText('Status da assinatura');
    await expect(status.locator('[data-side="before"]')).toHaveText('AntesInativo');
    await expect(status.locator('[data-side="after"]')).toHaveText('DepoisAtivo');
    const plan = dialog.locator('[data-testid="audit-change"][data-field="subscription_plan"]');
    await expect(plan.locator('[data-side="before"]')).toHaveText('Antes(vazio)');
    await expect(plan.locator('[data-side="after"]')).toHaveText('DepoisAnual');
    // what did not change stays out of the way until asked for
    await expect(dialog.locator('[data-field="email"]')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Mostrar também os campos que não mudaram' }).click();
    await expect(dialog.locator('[data-field="email"]')).toContainText(user.email);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a failed administrator sign-in is in the log @phone', async ({ page, request }) => {
    const login = await request.post('/api/admin/auth/login', { data: { username: admin.username, password: 'senha-errada-e2e' } });
    expect(login.status()).toBe(401);
    await new AdminLoginPage(page).goto();
    await new AdminLoginPage(page).login(admin.username, admin.password);
    const audit = new AuditPage(page);
    await audit.openFromSidebar();
    await audit.filter({ action: 'Login recusado' });
    const row = audit.rows().first();
    await expect(row.getByText('Login recusado')).toBeVisible();
    await expect(row.getByText(admin.username)).toBeVisible();
    const dialog = await audit.openDetails(row);
    await expect(dialog).not.toContainText('senha-errada-e2e');
    await expect(dialog.getByText('Esta ação não guarda dados do registro.')).toBeVisible();
  });
});
