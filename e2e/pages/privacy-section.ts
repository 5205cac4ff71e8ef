import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** /profile → 'Privacidade e dados': the data export and the account deletion. */
export class PrivacySection {
  readonly section: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Privacidade e dados' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile');
    await expect(this.section).toBeVisible();
  }

  /** Clicks 'Baixar meus dados' and waits for the browser's download of the ZIP. */
  async downloadData(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.section.getByRole('button', { name: 'Baixar meus dados' }).click();
    const file = await download;
    await expect(this.section.getByRole('status').filter({ hasText: 'Pronto!' })).toBeVisible();
    return file;
  }

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Excluir minha conta' });
  }

  async openDelete(): Promise<Locator> {
    await this.section.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = this.dialog();
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Types the word and the password, and confirms. */
  async confirmDelete(password: string, word = 'excluir'): Promise<void> {
    const dialog = this.dialog();
    await dialog.getByLabel('Digite "excluir" para confirmar').fill(word);
    await dialog.getByLabel('Sua senha', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click();
  }
}
