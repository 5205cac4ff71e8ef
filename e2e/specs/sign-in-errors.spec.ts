import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';
import { registerUser } from '../support/api';

test.describe('sign-in and register errors', () => {
  test('wrong password and unknown e-mail show the mapped messages', async ({ page, request }) => {
    const user = await registerUser(request);
    const shell = new ShellPage(page);
    await shell.goto('/contents');
    await shell.openSignIn();

    await shell.fillSignIn(user.email, 'nao-e-a-senha');
    await shell.submitSignIn();
    await expect(shell.dialogError()).toHaveText('Senha incorreta');

    await shell.fillSignIn(`ninguem.${Date.now()}@e2e.clima.test`, 'qualquer-senha');
    await shell.submitSignIn();
    await expect(shell.dialogError()).toHaveText('Usuário não encontrado');
  });

  test('login validation messages come in the spec order', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto('/');
    await shell.openSignIn();

    await shell.submitSignIn();
    await expect(shell.dialogError()).toHaveText('E-mail é obrigatório');

    await shell.dialog.getByLabel('E-mail').fill('alguem@e2e.clima.test');
    await shell.submitSignIn();
    await expect(shell.dialogError()).toHaveText('Senha é obrigatória');
  });

  test('register validation order, then e-mail already in use', async ({ page, request }) => {
    const existing = await registerUser(request);
    const shell = new ShellPage(page);
    await shell.goto('/');
    await shell.openSignIn();
    await shell.switchToRegister();

    await shell.submitRegister();
    await expect(shell.dialogError()).toHaveText('Nome é obrigatório');

    await shell.fillRegister({ name: 'Ana', email: '', password: '', confirm: '' });
    await shell.submitRegister();
    await expect(shell.dialogError()).toHaveText('E-mail é obrigatório');

    await shell.fillRegister({ name: 'Ana', email: existing.email, password: '123', confirm: '123' });
    await shell.submitRegister();
    await expect(shell.dialogError()).toHaveText('A senha deve ter pelo menos 6 caracteres');

    await shell.fillRegister({ name: 'Ana', email: existing.email, password: '123456', confirm: '1234567' });
    await shell.submitRegister();
    await expect(shell.dialogError()).toHaveText('As senhas não coincidem');

    await shell.fillRegister({ name: 'Ana', email: existing.email, password: '123456', confirm: '123456' });
    await shell.submitRegister();
    await expect(shell.dialogError()).toHaveText('Este e-mail já está em uso');

    // Switching mode clears the fields and the error.
    await shell.dialog.getByRole('button', { name: 'Entrar', exact: false }).last().click();
    await expect(shell.dialog.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
    await expect(shell.dialogError()).toHaveCount(0);
    await expect(shell.dialog.getByLabel('E-mail')).toHaveValue('');

    // Escape closes the dialog.
    await page.keyboard.press('Escape');
    await expect(shell.dialog).toBeHidden();
  });
});
