import { expect, test } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ProfilePage } from '../pages/profile-page';
import { ResetPasswordPage, verificationBanner } from '../pages/recovery-pages';
import { ShellPage } from '../pages/shell-page';
import { newUser, registerUser } from '../support/api';
import { linkIn, waitForMail } from '../support/mail';

test('forgotten password: link from the sign-in dialog, e-mail, new password, sign-in @phone', async ({ page, request }) => {
  // registered from another browser context: this page stays anonymous
  const user = await registerUser(request, newUser('redefine'));
  const shell = new ShellPage(page);
  const reset = new ResetPasswordPage(page);
  await skipTrialDialog(page);

  await shell.goto('/');
  await shell.openSignIn();
  await shell.fillSignIn(user.email, 'nao-lembro');
  await shell.dialog.getByRole('button', { name: 'Esqueci minha senha' }).click();
  await expect(shell.dialog.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  // the e-mail typed in the sign-in form comes along
  await expect(shell.dialog.getByLabel('E-mail')).toHaveValue(user.email);
  await shell.dialog.getByRole('button', { name: 'Enviar link' }).click();
  await expect(shell.dialog.getByRole('status')).toHaveText('Se houver uma conta com este e-mail, enviamos um link para redefinir a senha.');

  const link = linkIn(await waitForMail(user.email, /^Redefinir sua senha$/), '/redefinir-senha');
  await page.goto(link);
  await reset.expectOpen();
  await reset.fill('senha-nova-1', 'senha-outra-1');
  await reset.submit();
  await expect(reset.error()).toHaveText('As senhas não coincidem');
  await reset.fill('senha-nova-1');
  await reset.submit();
  await expect(page.getByRole('heading', { name: 'Senha redefinida!' })).toBeVisible();
  await expect(reset.card.getByRole('status')).toHaveText('Senha redefinida com sucesso! Entre com a nova senha.');

  await reset.card.getByRole('button', { name: 'Entrar' }).click();
  await expect(shell.dialog).toBeVisible();
  await shell.fillSignIn(user.email, user.password);
  await shell.submitSignIn();
  await expect(shell.dialogError()).toHaveText('Senha incorreta');
  await shell.fillSignIn(user.email, 'senha-nova-1');
  await shell.submitSignIn();
  await expect(shell.dialog).toBeHidden();
  // signed in from 'Senha redefinida!', the user goes on (home here) instead of staying on that page
  await expect(page).toHaveURL(/\/$/);
  await shell.expectSignedIn({ email: user.email });

  // a link works once; a used one says so as its page opens (issue 25), before any password is typed
  await page.goto(link);
  await expect(reset.error()).toHaveText('Este link já foi usado ou não é válido. Peça um novo.');
  await expect(reset.card.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
  await reset.card.getByRole('button', { name: 'Pedir um novo link' }).click();
  await expect(shell.dialog.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
});

test('e-mail verification: banner, resend, link, banner gone @phone', async ({ page }) => {
  const user = newUser('verifica');
  const shell = new ShellPage(page);
  await skipTrialDialog(page);

  await shell.goto('/');
  await expect(verificationBanner(page)).toHaveCount(0);
  await shell.register(user);
  await shell.expectSignedIn(user);
  const banner = verificationBanner(page);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(user.email);
  const first = linkIn(await waitForMail(user.email, /^Confirme seu e-mail$/), '/verificar-email');

  await banner.getByRole('button', { name: 'Reenviar e-mail' }).click();
  await expect(banner.getByRole('status')).toHaveText(`E-mail enviado para ${user.email}. Confira sua caixa de entrada.`);
  const newest = linkIn(await waitForMail(user.email, /^Confirme seu e-mail$/, 2), '/verificar-email');
  expect(newest).not.toBe(first);

  await page.goto(newest);
  await expect(page.getByRole('heading', { name: 'E-mail confirmado!' })).toBeVisible();
  await expect(page.getByText(`O endereço ${user.email} está confirmado.`)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await shell.expectSignedIn(user);
  await expect(verificationBanner(page)).toHaveCount(0);

  // the link the resend replaced says so
  await page.goto(first);
  await expect(page.getByRole('heading', { name: 'Não foi possível confirmar' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Este link já foi usado ou não é válido. Peça um novo.');
});

test('e-mail change: waits for the new address, then swaps @phone', async ({ page }) => {
  const user = newUser('troca');
  const next = newUser('trocado').email;
  const shell = new ShellPage(page);
  const profile = new ProfilePage(page);
  await skipTrialDialog(page);

  await shell.goto('/');
  await shell.register(user);
  await profile.goto();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('E-mail').fill(next);
  const refetched = profile.sessionRefetched();
  await panel.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(panel.getByRole('status')).toContainText('Enviamos um link de confirmação para o novo e-mail.');
  await refetched;
  await expect(panel.getByTestId('pending-email')).toContainText(`Aguardando confirmação de ${next}`);
  await expect(verificationBanner(page)).toContainText(user.email);
  // until the new address is proven, the account keeps the current one
  await shell.expectSignedIn({ email: user.email });

  const link = linkIn(await waitForMail(next, /^Confirme seu novo e-mail$/), '/verificar-email');
  await page.goto(link);
  await expect(page.getByText(`O endereço ${next} está confirmado.`)).toBeVisible();
  await shell.expectSignedIn({ email: next });
  await expect(verificationBanner(page)).toHaveCount(0);
  await profile.goto();
  await expect(panel.getByLabel('E-mail')).toHaveValue(next);
  await expect(panel.getByTestId('pending-email')).toHaveCount(0);
});
