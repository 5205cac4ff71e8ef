import { expect, type Locator, type Page } from '@playwright/test';

/** The end-user shell: header, mobile menu, user block and the sign-in/register dialog. */
export class ShellPage {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  async goto(path = '/'): Promise<void> {
    await this.page.goto(path);
  }

  /** On narrow screens the user block and navigation live in the mobile menu. */
  private async openMenuIfCollapsed(): Promise<void> {
    // The full header shows from Tailwind's xl breakpoint (1280 px); below it there is a menu button.
    if ((this.page.viewportSize()?.width ?? 1280) >= 1280) return;
    const toggle = this.page.getByRole('button', { name: /^(Abrir|Fechar) menu$/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  userBlock(): Locator {
    return this.page.getByTestId('user-block').filter({ visible: true });
  }

  async expectSignedIn(user: { name?: string; email: string }): Promise<void> {
    await this.openMenuIfCollapsed();
    const block = this.userBlock();
    await expect(block).toBeVisible();
    await expect(block.getByTestId('user-email')).toHaveText(user.email);
    if (user.name) await expect(block.getByTestId('user-name')).toHaveText(user.name);
  }

  async expectProBadge(): Promise<void> {
    await this.openMenuIfCollapsed();
    await expect(this.userBlock().getByTestId('pro-badge')).toHaveText('PRO');
  }

  async logout(): Promise<void> {
    await this.openMenuIfCollapsed();
    await this.userBlock().getByRole('button', { name: 'Sair' }).click();
  }

  async expectSignedOut(): Promise<void> {
    await expect(this.page.getByTestId('user-block').filter({ visible: true })).toHaveCount(0);
    await this.openMenuIfCollapsed();
    await expect(this.page.getByRole('button', { name: 'Entrar', exact: true }).filter({ visible: true }).first()).toBeVisible();
  }

  async openSignIn(): Promise<void> {
    await this.openMenuIfCollapsed();
    await this.page.getByRole('button', { name: 'Entrar', exact: true }).filter({ visible: true }).first().click();
    await expect(this.dialog).toBeVisible();
  }

  async switchToRegister(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Cadastre-se' }).click();
    await expect(this.dialog.getByRole('heading', { name: 'Criar sua conta' })).toBeVisible();
  }

  async fillSignIn(email: string, password: string): Promise<void> {
    await this.dialog.getByLabel('E-mail').fill(email);
    await this.dialog.getByLabel('Senha', { exact: true }).fill(password);
  }

  async submitSignIn(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
  }

  async fillRegister(values: { name: string; email: string; password: string; confirm: string }): Promise<void> {
    await this.dialog.getByLabel('Nome completo').fill(values.name);
    await this.dialog.getByLabel('E-mail').fill(values.email);
    await this.dialog.getByLabel('Senha', { exact: true }).fill(values.password);
    await this.dialog.getByLabel('Confirmar senha').fill(values.confirm);
  }

  async submitRegister(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Criar conta' }).click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.openSignIn();
    await this.fillSignIn(email, password);
    await this.submitSignIn();
    await expect(this.dialog).toBeHidden();
  }

  async register(user: { name: string; email: string; password: string }): Promise<void> {
    await this.openSignIn();
    await this.switchToRegister();
    await this.fillRegister({ ...user, confirm: user.password });
    await this.submitRegister();
    await expect(this.dialog).toBeHidden();
  }

  /** The dialog's single error message. */
  dialogError(): Locator {
    return this.dialog.getByRole('alert');
  }
}
