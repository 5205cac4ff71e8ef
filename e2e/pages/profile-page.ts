import { expect, type Locator, type Page } from '@playwright/test';

/** /profile — 'Meu Perfil'. */
export class ProfilePage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/profile');
    await expect(this.page.getByRole('tab', { name: 'Informações Pessoais' })).toBeVisible();
  }

  private get panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  /** Resolves once the session is fetched again after a save (spec 2.13's reload, done in place). */
  sessionRefetched(): Promise<unknown> {
    return this.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/session' && res.ok());
  }

  /** Saves a new name; the session is then fetched again without leaving the page (issue 25). */
  async updateName(name: string): Promise<void> {
    await this.panel.getByLabel('Nome completo').fill(name);
    const refetched = this.sessionRefetched();
    await this.panel.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(this.panel.getByRole('status')).toHaveText('Perfil atualizado com sucesso!');
    await refetched;
    await expect(this.panel.getByLabel('Nome completo')).toHaveValue(name);
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.page.getByRole('tab', { name: 'Alterar Senha' }).click();
    await this.panel.getByLabel('Senha atual').fill(current);
    await this.panel.getByLabel('Nova senha', { exact: true }).fill(next);
    await this.panel.getByLabel('Confirmar nova senha').fill(next);
    await this.panel.getByRole('button', { name: 'Alterar Senha' }).click();
    await expect(this.panel.getByRole('status')).toHaveText('Senha alterada com sucesso!');
    // The fields are cleared after a successful change.
    await expect(this.panel.getByLabel('Senha atual')).toHaveValue('');
  }
}
