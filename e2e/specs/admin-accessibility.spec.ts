import { expect, test, type Page } from '@playwright/test';
import { AdminLoginPage } from '../pages/admin-pages';
import { admin, registerUser } from '../support/api';
import { controlsUnderStickyBar, visitAdminScreen } from '../support/a11y-screens';
import { expectNoAxeViolations } from '../support/axe';

/**
 * Issue 25: axe (WCAG 2.2 AA) finds nothing on any admin screen, at 1280 px and at 390 px (`@phone` runs this
 * file in both projects), with its dialogs open; the screens are usable from the keyboard.
 */

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

async function openAndCheck(page: Page, button: string | RegExp, dialogName: string | RegExp, screen: string): Promise<void> {
  await page.getByRole('button', { name: button }).filter({ visible: true }).first().click();
  await expect(dialog(page, dialogName)).toBeVisible();
  await expectNoAxeViolations(page, screen);
  await page.keyboard.press('Escape');
  await expect(dialog(page, dialogName)).toHaveCount(0);
}

/** The admin screens' shared visit (heading shown, list settled): the same screens the touch and zoom spec measures. */
const visit = visitAdminScreen;

test.describe('admin screens pass axe @phone', () => {
  test('the sign-in screen, then every admin screen with its dialogs open', async ({ page, request }) => {
    test.setTimeout(240_000);
    await registerUser(request);

    const login = new AdminLoginPage(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(page, '/admin');
    await login.login(admin.username, admin.password);

    await expect(page.getByRole('heading', { name: 'Painel Administrativo', level: 1 })).toBeVisible();
    await expect(page.getByTestId('subscription-distribution')).toBeVisible();
    await expectNoAxeViolations(page, '/admin/dashboard');

    const menu = page.getByRole('button', { name: 'Abrir menu' });
    if (await menu.isVisible()) {
      await menu.click();
      await expect(page.getByRole('navigation', { name: 'Menu administrativo' })).toBeVisible();
      await expectNoAxeViolations(page, 'menu aberto');
      await page.keyboard.press('Escape');
    }

    await visit(page, '/admin/users', 'Usuários');
    await expect(page.getByTestId('user-row').filter({ visible: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, '/admin/users');
    await openAndCheck(page, /^Editar /, 'Editar usuário', 'edição de usuário');

    await visit(page, '/admin/contents', 'Conteúdos');
    await expectNoAxeViolations(page, '/admin/contents');
    await openAndCheck(page, 'Novo Conteúdo', 'Novo Conteúdo', 'novo conteúdo');

    await visit(page, '/admin/categories', 'Categorias');
    await expectNoAxeViolations(page, '/admin/categories');
    await openAndCheck(page, 'Nova Categoria', 'Nova Categoria', 'nova categoria');
    await page.getByTestId('category-card').first().getByRole('button', { name: /^Excluir / }).click();
    await expect(dialog(page, 'Excluir categoria')).toBeVisible();
    await expectNoAxeViolations(page, 'excluir categoria');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await visit(page, '/admin/course-categories', 'Categorias de Curso');
    await expectNoAxeViolations(page, '/admin/course-categories');
    await openAndCheck(page, 'Nova Categoria', 'Nova Categoria de Curso', 'nova categoria de curso');

    await visit(page, '/admin/courses', 'Gerenciar Aulas');
    await expectNoAxeViolations(page, '/admin/courses');
    await page.locator('[aria-label^="Editar "]').filter({ visible: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Editar Aula', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lições' })).toBeVisible();
    await expectNoAxeViolations(page, 'editor de aula');
    // the course form fits a phone: nothing sticks out of the page (issue 25: the fieldset overflowed by ~35 px)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('radio', { name: 'Enviar arquivo' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await openAndCheck(page, 'Adicionar Lição', 'Nova Lição', 'nova lição');

    await visit(page, '/admin/manuals', 'Manuais Técnicos');
    await expectNoAxeViolations(page, '/admin/manuals');
    await openAndCheck(page, /^Novo Manual|^Cadastrar/, /Manual/, 'novo manual');

    await visit(page, '/admin/administrators', 'Administradores');
    await expectNoAxeViolations(page, '/admin/administrators');
    await openAndCheck(page, /^Novo Administrador/, 'Novo Administrador', 'novo administrador');

    await visit(page, '/admin/certificates', 'Certificados');
    await expectNoAxeViolations(page, '/admin/certificates');

    await visit(page, '/admin/audit', 'Auditoria');
    await expect(page.getByTestId('audit-row').filter({ visible: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, '/admin/audit');
    await page.getByTestId('audit-row').filter({ visible: true }).first().getByRole('button', { name: /^Ver detalhes/ }).click();
    await expect(dialog(page, 'Detalhes do registro')).toBeVisible();
    await expectNoAxeViolations(page, 'detalhes da auditoria');
  });

  test('the dashboard speaks Portuguese and is the panel itself', async ({ page }) => {
    const login = new AdminLoginPage(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible({ timeout: 30_000 });
    await login.login(admin.username, admin.password);
    await expect(page.getByRole('heading', { name: 'Visualizações', level: 2 })).toBeVisible();
    await expect(page.getByText('Views', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toHaveCount(0);
    const menu = page.getByRole('button', { name: 'Abrir menu' });
    if (await menu.isVisible()) await menu.click();
    const nav = page.getByRole('navigation', { name: 'Menu administrativo' });
    await expect(nav.getByRole('link', { name: 'Painel', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    // the plan split is a list, one item per plan
    await expect(page.getByRole('list', { name: 'Distribuição de Assinaturas' }).getByRole('listitem')).toHaveCount(2);
  });

  test('keyboard: a form dialog opens from the keyboard, keeps focus inside, and gives it back on Escape', async ({ page }) => {
    const login = new AdminLoginPage(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible({ timeout: 30_000 });
    await login.login(admin.username, admin.password);
    await visit(page, '/admin/categories', 'Categorias');
    const create = page.getByRole('button', { name: 'Nova Categoria' }).first();
    await create.focus();
    await page.keyboard.press('Enter');
    const form = dialog(page, 'Nova Categoria');
    await expect(form).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    // the focused control shows it (an outline or a ring)
    const focusShown = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    });
    expect(focusShown).toBe(true);
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(create).toBeFocused();
  });
});

test("below 1024 px, the keyboard's focus never hides under the panel's top bar (WCAG 2.4.11) @phone", async ({ page }) => {
  // from 1024 px the panel has a side bar and no bar over the page: the desktop project walks it at a tablet's width
  const { width, height } = page.viewportSize()!;
  if (width >= 1024) await page.setViewportSize({ width: 768, height });
  expect((await page.request.post('/api/admin/auth/login', { data: admin })).ok()).toBe(true);
  const found: Record<string, string[]> = {};
  for (const [path, heading] of [
    ['/admin/users', 'Usuários'],
    ['/admin/contents', 'Conteúdos'],
    ['/admin/audit', 'Auditoria'],
  ] as const) {
    await visit(page, path, heading);
    const under = await controlsUnderStickyBar(page, page.getByRole('banner').filter({ visible: true }));
    if (under.length) found[path] = under;
  }
  expect(found).toEqual({});
});
