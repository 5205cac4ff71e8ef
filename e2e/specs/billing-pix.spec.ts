import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PendingChargePanel, SandboxChargePage, skipTrialDialog, SubscriptionPage } from '../pages/billing-pages';
import { ShellPage } from '../pages/shell-page';
import { registerUser } from '../support/api';
import { waitForMail } from '../support/mail';

/** WCAG 2.2 AA (and the A rules under it): axe finds nothing in the parts of the page given (this feature's). */
async function expectAccessible(page: Page, include: string[] = []): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const part of include) builder = builder.include(part);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a technician without a card pays by Pix: the QR and its code copied, paid in the sandbox, PRO and the receipt @phone', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await skipTrialDialog(page);
  const user = await registerUser(page.request);
  const subscription = new SubscriptionPage(page);
  const shell = new ShellPage(page);

  await subscription.goto();
  const methods = page.getByRole('group', { name: 'Forma de pagamento' });
  await expect(methods.getByRole('radio')).toHaveCount(3);
  await expect(methods.getByRole('radio', { name: /^Cartão de crédito/ })).toBeChecked();

  // the boleto asks for the payer's CPF and checks it before anything is created
  await PendingChargePanel.chooseMethod(page, 'Boleto');
  const cpf = page.getByLabel('CPF de quem paga o boleto');
  await expect(cpf).toBeVisible();
  await cpf.fill('529.982.247-24');
  await subscription.plan('Mensal').getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'CPF inválido: confira os números' })).toBeVisible();
  await expectAccessible(page, ['[data-testid="payment-picker"]']);

  // Pix: no trial, the first period starts when the payment is confirmed
  await PendingChargePanel.chooseMethod(page, 'Pix');
  await expect(cpf).toHaveCount(0);
  await expect(subscription.main).toContainText('Com Pix ou boleto o acesso começa quando o pagamento é confirmado.');
  await subscription.plan('Mensal').getByRole('button', { name: 'Pagar com Pix' }).click();

  const pix = new PendingChargePanel(page);
  await expect(pix.panel.getByRole('heading', { name: 'Pagar com Pix' })).toBeVisible();
  await expect(pix.panel).toContainText('R$ 19,90 · plano Mensal');
  await expect(pix.qr()).toBeVisible();
  const code = await pix.code().inputValue();
  expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
  await expect(pix.panel.getByTestId('time-left')).toHaveText(/^Expira em (23h \d{1,2}min|24h 0min)$/);
  await pix.copy();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expectAccessible(page, ['[data-testid="pending-charge"]', '[data-testid="payment-picker"]']);
  await page.screenshot({ path: test.info().outputPath('pix-pending.png'), fullPage: true });

  // the sandbox's demo bank: 'Simular pagamento'
  await pix.openSandbox();
  await expect(page.getByText('Ambiente de demonstração: nenhuma cobrança é feita. Não use em produção.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible();
  await expect(page.getByLabel('Pix copia e cola')).toHaveValue(code);
  await expectAccessible(page);
  await new SandboxChargePage(page).pay();

  // confirmed: PRO, the subscription paid by Pix, and its receipt
  await subscription.expectActive('Mensal', 'Ativa');
  await shell.expectProBadge();
  await expect(subscription.manageBox).toContainText('Você paga com Pix a cada período.');
  await expect(subscription.manageBox.getByRole('button', { name: 'Pagar com cartão de crédito' })).toBeVisible();
  await expect(pix.panel).toHaveCount(0);
  const receipts = page.getByTestId('receipts');
  await expect(receipts.getByRole('heading', { name: 'Recibos' })).toBeVisible();
  const receipt = receipts.getByTestId('receipt');
  await expect(receipt).toHaveCount(1);
  await expect(receipt).toContainText('Mensal');
  await expect(receipt).toContainText('Pix');
  await expect(receipt).toContainText('R$ 19,90');
  const link = receipt.getByRole('link', { name: /^Baixar recibo CP-\d{8} em PDF$/ });
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page, ['[data-testid="receipts"]', '[data-testid="switch-to-card"]']);
  await page.screenshot({ path: test.info().outputPath('pix-paid.png'), fullPage: true });

  const mail = await waitForMail(user.email, /^Recibo CP-\d{8}: pagamento de R\$ 19,90 confirmado$/);
  expect(mail.text).toContain('Forma de pagamento: Pix');
});
