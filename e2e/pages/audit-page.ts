import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/audit — 'Auditoria', reached from the sidebar (the drawer on a phone). */
export class AuditPage {
  constructor(readonly page: Page) {}

  async openFromSidebar(): Promise<void> {
    const menu = this.page.getByRole('button', { name: 'Abrir menu' });
    const link = this.page.getByRole('navigation', { name: 'Menu administrativo' }).getByRole('link', { name: 'Auditoria' });
    // the panel drawn first (right after signing in it may not be yet): the drawer's button on a phone, the sidebar otherwise
    await expect(menu.or(link).filter({ visible: true }).first()).toBeVisible();
    if (await menu.isVisible()) await menu.click();
    await link.click();
    await expect(this.page).toHaveURL(/\/admin\/audit$/);
    await expect(this.page.getByRole('heading', { name: 'Auditoria', level: 1 })).toBeVisible();
  }

  async filter(f: { admin?: string; entity?: string; action?: string; from?: string; to?: string }): Promise<void> {
    if (f.admin !== undefined) await this.page.getByLabel('Administrador', { exact: true }).fill(f.admin);
    if (f.entity !== undefined) await this.page.getByLabel('Entidade', { exact: true }).selectOption({ label: f.entity });
    if (f.action !== undefined) await this.page.getByLabel('Ação', { exact: true }).selectOption({ label: f.action });
    if (f.from !== undefined) await this.page.getByLabel('De', { exact: true }).fill(f.from);
    if (f.to !== undefined) await this.page.getByLabel('Até', { exact: true }).fill(f.to);
  }

  rows(): Locator {
    return this.page.getByTestId('audit-row').filter({ visible: true });
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  /** Opens a row's details; answers the dialog. */
  async openDetails(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: /^Ver detalhes/ }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Detalhes do registro' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
