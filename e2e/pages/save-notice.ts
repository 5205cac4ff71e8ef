import { expect, type Locator, type Page } from '@playwright/test';

/** The admin panel's one success notice after a create or a save: 'Publicar agora' or 'Ver no site'. */
export class SaveNotice {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('save-notice');
  }

  async expectShown(title: string, text?: string | RegExp): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(this.root).toContainText(title);
    if (text) await expect(this.root).toContainText(text);
    // announced, not only shown
    await expect(this.page.getByRole('status').filter({ hasText: title })).toHaveCount(1);
  }

  publishNow(): Locator {
    return this.root.getByRole('button', { name: 'Publicar agora' });
  }

  viewOnSite(): Locator {
    return this.root.getByRole('link', { name: /Ver no site/ });
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Fechar aviso' }).click();
    await expect(this.root).toHaveCount(0);
  }
}
