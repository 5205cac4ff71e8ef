import { expect, type Locator, type Page } from '@playwright/test';

/** /admin — the admin login of spec 2.14. */
export class AdminLoginPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin');
    await expect(this.page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
  }

  async login(username: string, password: string): Promise<void> {
    await this.page.getByLabel('Usuário').fill(username);
    await this.page.getByLabel('Senha', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Entrar' }).click();
    await expect(this.page).toHaveURL(/\/admin\/dashboard$/);
  }
}

/** The typed 'excluir' confirmation dialog. */
export class DeleteDialog {
  readonly dialog: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  async confirm(): Promise<void> {
    const input = this.dialog.getByLabel('Digite "excluir" para confirmar');
    const button = this.dialog.getByRole('button', { name: 'Excluir', exact: true });
    await expect(button).toBeDisabled();
    await input.fill('exclu');
    await expect(this.dialog.getByText('Digite exatamente "excluir" para continuar')).toBeVisible();
    await input.fill('excluir');
    await expect(this.dialog.getByText('Confirmação válida')).toBeVisible();
    await button.click();
    await expect(this.dialog).toBeHidden();
  }
}

/** /admin/administrators */
export class AdministratorsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin/administrators');
    await expect(this.page.getByRole('heading', { name: 'Administradores', level: 1 })).toBeVisible();
  }

  row(username: string): Locator {
    return this.page.getByTestId('administrator-row').filter({ visible: true }).filter({ hasText: username });
  }

  async create(username: string, password: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Novo Administrador' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Usuário').fill(username);
    await dialog.getByLabel('Senha', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.row(username)).toBeVisible();
  }

  async delete(username: string): Promise<void> {
    await this.page.getByRole('button', { name: `Excluir ${username}` }).filter({ visible: true }).click();
    await new DeleteDialog(this.page).confirm();
    await expect(this.row(username)).toHaveCount(0);
  }
}

/** /admin/users */
export class AdminUsersPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin/users');
    await expect(this.page.getByRole('heading', { name: 'Usuários', level: 1 })).toBeVisible();
  }

  row(email: string): Locator {
    return this.page.getByTestId('user-row').filter({ visible: true }).filter({ hasText: email });
  }

  async search(text: string): Promise<void> {
    await this.page.getByPlaceholder('Buscar por nome ou email...').fill(text);
  }

  async setSubscription(user: { name: string; email: string }, status: 'Ativo' | 'Cancelado' | 'Expirado' | 'Inativo', plan: 'Mensal' | 'Anual' | 'Nenhum'): Promise<void> {
    await this.search(user.email);
    await expect(this.row(user.email)).toHaveCount(1);
    await this.row(user.email).getByRole('button', { name: `Editar ${user.name}` }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Status da assinatura').selectOption({ label: status });
    await dialog.getByLabel('Plano').selectOption({ label: plan });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.row(user.email).getByText(status, { exact: true })).toBeVisible();
  }
}
