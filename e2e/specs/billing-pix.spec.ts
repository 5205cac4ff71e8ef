import { expect, test, type Page } from '@playwright/test';
import { AdminLoginPage, AdminUsersPage } from '../pages/admin-pages';
import { PendingChargePanel, SandboxChargePage, skipTrialDialog, SubscriptionPage } from '../pages/billing-pages';
import { ShellPage } from '../pages/shell-page';
import { admin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mail';

/** WCAG 2.2 AA (and the A rules under it): axe finds nothing in the parts of the page given (this feature's). */
const expectAccessible = (page: Page, include: string[] = []): Promise<void> => expectNoAxeViolations(page, 'Pix e boleto', include);

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

test('a boleto with the payer CPF, paid in the sandbox; the admin sees the history with the CPF masked and sets the Pix price', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext();
  try {
    const tech = await context.newPage();
    await skipTrialDialog(tech);
    const user = await registerUser(tech.request);
    const subscription = new SubscriptionPage(tech);
    await subscription.goto();
    await PendingChargePanel.chooseMethod(tech, 'Boleto');
    await tech.getByLabel('CPF de quem paga o boleto').fill('529.982.247-25');
    await subscription.plan('Anual').getByRole('button', { name: 'Gerar boleto' }).click();

    const boleto = new PendingChargePanel(tech);
    await expect(boleto.panel.getByRole('heading', { name: 'Pagar com boleto' })).toBeVisible();
    await expect(boleto.panel).toContainText('R$ 199,00 · plano Anual');
    await expect(boleto.code()).toHaveValue(/^\d{47}$/);
    await expect(boleto.panel.getByTestId('time-left')).toHaveText(/^Vence em \d{2}\/\d{2}\/\d{4}$/);
    const pdf = await tech.request.get((await boleto.panel.getByRole('link', { name: 'Baixar boleto (PDF)' }).getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expectAccessible(tech, ['[data-testid="pending-charge"]', '[data-testid="payment-picker"]']);
    await tech.screenshot({ path: test.info().outputPath('boleto-pending.png'), fullPage: true });
    await boleto.openSandbox();
    await expect(tech.getByRole('heading', { name: 'Pagar com boleto' })).toBeVisible();
    await expectAccessible(tech);
    await tech.screenshot({ path: test.info().outputPath('boleto-sandbox.png'), fullPage: true });
    await new SandboxChargePage(tech).pay();
    await subscription.expectActive('Anual', 'Ativa');

    // the administrator: the Pix price of the annual plan, and this user's payments
    await new AdminLoginPage(page).goto();
    await new AdminLoginPage(page).login(admin.username, admin.password);
    await page.goto('/admin/dashboard');
    const prices = page.getByTestId('pix-prices');
    await expect(prices.getByRole('heading', { name: 'Preço no Pix' })).toBeVisible();
    const annual = prices.getByLabel('Plano Anual (preço R$ 199,00) no Pix, em R$');
    await annual.fill('250,00');
    await annual.press('Enter');
    await expect(prices.getByText('Informe um valor entre R$ 1,00 e R$ 199,00, ou deixe vazio.')).toBeVisible();
    await annual.fill('179,00');
    await annual.press('Enter');
    await expect(prices.getByText('Preço salvo.')).toBeVisible();
    await expect(page.getByTestId('summary-monthly-revenue')).toContainText(/Cartão R\$\s[\d.,]+ · Pix R\$\s[\d.,]+ · Boleto R\$\s[\d.,]+/);
    await expectAccessible(page, ['[data-testid="pix-prices"]']);
    await prices.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('admin-pix-prices.png') });
    const plans = await (await page.request.get('/api/plans')).json();
    expect(plans.plans[1].pix_price_cents).toBe(17900);

    const users = new AdminUsersPage(page);
    await users.goto();
    await users.search(user.email);
    await users.row(user.email).getByRole('button', { name: `Editar ${user.name}` }).click();
    const history = page.getByRole('dialog').getByTestId('user-payments');
    await expect(history.getByRole('heading', { name: 'Pagamentos' })).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText('R$ 199,00');
    await expect(history).toContainText('Boleto · Anual');
    await expect(history).toContainText('CPF ***.982.247-**');
    await expect(history).not.toContainText('529.982');
    await expectAccessible(page, ['[data-testid="user-payments"]']);
    await page.screenshot({ path: test.info().outputPath('admin-user-payments.png') });

    // back to the plan's own price
    await page.goto('/admin/dashboard');
    await page.getByTestId('pix-prices').getByLabel('Plano Anual (preço R$ 199,00) no Pix, em R$').fill('');
    await page.getByTestId('pix-prices').getByLabel('Plano Anual (preço R$ 199,00) no Pix, em R$').press('Enter');
    await expect(page.getByTestId('pix-prices').getByText('Preço salvo.')).toBeVisible();
  } finally {
    await context.close();
  }
});
