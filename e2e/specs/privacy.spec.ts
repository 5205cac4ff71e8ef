import AdmZip from 'adm-zip';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { PrivacySection } from '../pages/privacy-section';
import { ShellPage } from '../pages/shell-page';
import { newUser } from '../support/api';
import { waitForMail } from '../support/mail';

const FILES = [
  'LEIA-ME.txt',
  'conta-e-sessoes.json',
  'assinatura-e-pagamentos.json',
  'visualizacoes-de-conteudos.json',
  'progresso-nos-cursos.json',
  'downloads-de-manuais.json',
  'pontos-e-ranking.json',
];

test("'Privacidade e dados': download my data, then delete my account @phone", async ({ page }) => {
  const user = newUser('privacidade');
  const shell = new ShellPage(page);
  const privacy = new PrivacySection(page);
  await skipTrialDialog(page);
  await shell.goto('/');
  await shell.register(user);
  await shell.expectSignedIn(user);

  await privacy.goto();
  await expect(privacy.section.getByText('Lei Geral de Proteção de Dados', { exact: false })).toBeVisible();

  // the ZIP: one file per service and the LEIA-ME, named with the day
  const download = await privacy.downloadData();
  expect(download.suggestedFilename()).toMatch(/^meus-dados-clima-pro-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = new AdmZip(readFileSync(await download.path()));
  expect(zip.getEntries().map((e) => e.entryName)).toEqual(FILES);
  const account = JSON.parse(zip.readAsText('conta-e-sessoes.json')) as { account: { email: string; name: string }; sessions: { current: boolean }[] };
  expect(account.account).toMatchObject({ email: user.email, name: user.name });
  expect(account.sessions.filter((s) => s.current)).toHaveLength(1);
  expect(zip.readAsText('LEIA-ME.txt')).toContain(user.email);

  // a wrong password keeps the dialog open with the server's message; nothing is deleted
  const dialog = await privacy.openDelete();
  const confirm = dialog.getByRole('button', { name: 'Excluir', exact: true });
  await dialog.getByLabel('Digite "excluir" para confirmar').fill('excluir');
  await expect(confirm).toBeDisabled();
  await privacy.confirmDelete('senha-errada');
  await expect(dialog.getByRole('alert')).toHaveText('Senha incorreta');
  await expect(dialog).toBeVisible();

  await privacy.confirmDelete(user.password);
  // signed out, at home, told what happened
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Sua conta foi excluída' })).toBeVisible();
  await shell.expectSignedOut();
  const mail = await waitForMail(user.email, /^Sua conta foi excluída$/);
  expect(mail.text).toContain('Confirmamos a exclusão da sua conta do Clima Pro');

  // the account is gone: signing in again finds no user
  await page.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sua conta foi excluída' })).toHaveCount(0);
  await shell.openSignIn();
  await shell.fillSignIn(user.email, user.password);
  await shell.submitSignIn();
  await expect(shell.dialogError()).toHaveText('Usuário não encontrado');
});

test('a failed export says why and offers no file', async ({ page }) => {
  const user = newUser('privacidade');
  const shell = new ShellPage(page);
  const privacy = new PrivacySection(page);
  await skipTrialDialog(page);
  await shell.goto('/');
  await shell.register(user);
  await privacy.goto();
  // the session ends in another tab: the export is refused, the screen says so and saves nothing
  await page.context().clearCookies();
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await privacy.section.getByRole('button', { name: 'Baixar meus dados' }).click();
  await expect(privacy.section.getByRole('alert')).toHaveText('Você precisa estar logado');
  expect(downloaded).toBe(false);
});
