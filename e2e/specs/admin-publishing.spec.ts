import { expect, test } from '@playwright/test';
import { AdminLoginPage } from '../pages/admin-pages';
import { AdminCategoriesPage, AdminContentsPage } from '../pages/catalog-admin';
import { SaveNotice } from '../pages/save-notice';
import { admin } from '../support/api';

/**
 * Issue 25 item 7: publishing defaults follow the spec (section 4 'Publication'), every form says whether
 * saving publishes, and one kind of notice follows a create or a save: 'Publicar agora' for a draft,
 * 'Ver no site' for what is on the site — no blocking dialog, no silence.
 */
test.describe('admin publishing feedback @phone', () => {
  test.beforeEach(async ({ page }) => {
    const login = new AdminLoginPage(page);
    // a first visit also loads the panel's code: give it time on a busy machine
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible({ timeout: 30_000 });
    await login.login(admin.username, admin.password);
  });

  test('a new content starts as a draft; the notice publishes it and then offers the site', async ({ page }) => {
    const id = Date.now().toString(36);
    const title = `Rascunho e2e ${id}`;
    const contents = new AdminContentsPage(page);
    await contents.goto();
    await contents.openCreateForm();
    const note = contents.dialog.getByTestId('publishing-note');
    await expect(contents.dialog.getByLabel('Publicar conteúdo')).not.toBeChecked();
    await expect(note).toHaveText('Ao salvar, o conteúdo fica como rascunho: só aparece neste painel até ser publicado.');
    // the sentence follows the checkbox
    await contents.dialog.getByLabel('Publicar conteúdo').check();
    await expect(note).toHaveText('Ao salvar, o conteúdo fica publicado e aparece para os assinantes.');
    await contents.dialog.getByLabel('Publicar conteúdo').uncheck();

    await contents.dialog.getByLabel('Título').fill(title);
    await contents.dialog.getByLabel('Link ou código de incorporação do vídeo').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await contents.dialog.getByRole('button', { name: 'Criar Conteúdo' }).click();

    // no blocking dialog: the page stays usable under the notice
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const notice = new SaveNotice(page);
    await notice.expectShown('Conteúdo Criado!', 'rascunho');
    await expect(notice.viewOnSite()).toHaveCount(0);
    await expect(contents.card(title).getByTestId('content-status')).toHaveText('Rascunho');

    await notice.publishNow().click();
    await expect(notice.root).toContainText('Publicado: já aparece no site.');
    await expect(notice.viewOnSite()).toHaveAttribute('href', /^\/content\/\d+$/);
    await expect(contents.card(title).getByTestId('content-status')).toHaveText('Publicado');

    // the site really shows it to anyone who follows the link (the public endpoint lists published contents only)
    const href = (await notice.viewOnSite().getAttribute('href'))!;
    const contentId = href.split('/').pop();
    await expect
      .poll(async () => JSON.stringify(await (await page.request.get(`/api/contents?search=${encodeURIComponent(title)}`)).json()))
      .toContain(`"id":${contentId}`);
    await notice.close();
  });

  test('creating a category is no longer silent: the notice offers the site', async ({ page }) => {
    const categories = new AdminCategoriesPage(page);
    await categories.goto();
    await page.getByRole('button', { name: 'Nova Categoria' }).first().click();
    await expect(page.getByRole('dialog').getByTestId('publishing-note')).toContainText('ao salvar, a categoria aparece no site');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    const name = `Categoria aviso ${Date.now().toString(36)}`;
    await categories.create(name, 'Criada pelo teste do aviso.');
    const notice = new SaveNotice(page);
    await notice.expectShown('Categoria criada!');
    await expect(notice.viewOnSite()).toHaveAttribute('href', '/contents');
    await expect(notice.publishNow()).toHaveCount(0);
  });

  test('the spec defaults: a new course and a new manual start published and their forms say so', async ({ page }) => {
    await page.goto('/admin/courses/new');
    await expect(page.getByRole('heading', { name: 'Nova Aula', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Publicar aula')).toBeChecked();
    await expect(page.getByTestId('publishing-note')).toHaveText('Ao salvar, a aula fica publicada e aparece para os assinantes.');
    await page.getByLabel('Publicar aula').uncheck();
    await expect(page.getByTestId('publishing-note')).toHaveText('Ao salvar, a aula fica como rascunho: só aparece neste painel até ser publicada.');

    await page.goto('/admin/manuals');
    await page.getByRole('button', { name: 'Novo Manual' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Novo Manual' });
    await expect(dialog.getByRole('checkbox', { name: /^Publicado/ })).toBeChecked();
    await expect(dialog.getByTestId('publishing-note')).toHaveText('Ao salvar, o manual fica publicado e aparece na biblioteca dos assinantes.');
  });
});
