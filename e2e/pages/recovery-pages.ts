import { expect, type Locator, type Page } from '@playwright/test';

/** /redefinir-senha — the page the password-reset e-mail opens. */
export class ResetPasswordPage {
  constructor(readonly page: Page) {}

  get card(): Locator {
    return this.page.getByRole('main');
  }

  async expectOpen(): Promise<void> {
    await expect(this.card.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
  }

  async fill(password: string, confirm = password): Promise<void> {
    await this.card.getByLabel('Nova senha', { exact: true }).fill(password);
    await this.card.getByLabel('Confirmar nova senha').fill(confirm);
  }

  async submit(): Promise<void> {
    await this.card.getByRole('button', { name: 'Redefinir senha' }).click();
  }

  error(): Locator {
    return this.card.getByRole('alert');
  }
}

/** The 'Confirme seu e-mail' banner under the header. */
export function verificationBanner(page: Page): Locator {
  return page.getByRole('region', { name: 'Confirme seu e-mail' });
}
