import { expect, test } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ProfilePage } from '../pages/profile-page';
import { ShellPage } from '../pages/shell-page';
import { newUser } from '../support/api';

test('register → signed-in header → profile edit → password change → logout @phone', async ({ page }) => {
  const user = newUser('conta');
  const shell = new ShellPage(page);
  const profile = new ProfilePage(page);
  // the free-trial offer opens once per session for a new account; this path is about the account itself
  await skipTrialDialog(page);

  await shell.goto('/');
  await expect(page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();

  await shell.register(user);
  await shell.expectSignedIn(user);

  await profile.goto();
  await expect(page.getByText('Conta E-mail')).toBeVisible();
  await expect(page.getByText('Sem Assinatura')).toBeVisible();
  const renamed = `${user.name} Silva`;
  await profile.updateName(renamed);
  await shell.expectSignedIn({ name: renamed, email: user.email });

  const newPassword = `${user.password}-nova`;
  await profile.changePassword(user.password, newPassword);

  await shell.logout();
  await shell.expectSignedOut();
  await expect(page.getByText('Você precisa estar logado para acessar seu perfil.')).toBeVisible();

  // The new password is the one that works now.
  await shell.openSignIn();
  await shell.fillSignIn(user.email, user.password);
  await shell.submitSignIn();
  await expect(shell.dialogError()).toHaveText('Senha incorreta');
  await shell.fillSignIn(user.email, newPassword);
  await shell.submitSignIn();
  await expect(shell.dialog).toBeHidden();
  await shell.expectSignedIn({ name: renamed, email: user.email });
});
