import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { BillingSubscription, Content } from '@clima/contract';
import { SandboxCheckoutPage, SandboxPortalPage, skipTrialDialog, SubscriptionPage } from '../pages/billing-pages';
import { ShellPage } from '../pages/shell-page';
import { registerUser } from '../support/api';
import { waitForMail } from '../support/mail';

const CARD_PROMISE = 'Pedimos o cartão agora, mas nada é cobrado antes do fim do teste.';

const ddmmyyyy = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));

async function billingSubscription(request: APIRequestContext): Promise<BillingSubscription> {
  const res = await request.get('/api/billing/subscription');
  expect(res.ok()).toBe(true);
  return (await res.json()) as BillingSubscription;
}

async function publishedContentId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/contents');
  expect(res.ok()).toBe(true);
  const contents = (await res.json()) as Content[];
  expect(contents.length).toBeGreaterThan(0);
  return contents[0]!.id;
}

async function expectContentOpens(page: Page, id: number): Promise<void> {
  await page.goto(`/content/${id}`);
  await expect(page.getByRole('heading', { name: 'Sobre este conteúdo' })).toBeVisible();
  await expect(page.getByText('Assinatura Necessária')).toHaveCount(0);
}

test('a subscriber whose renewal failed keeps access during the grace, is told so, and updates the card @phone', async ({ page, baseURL }) => {
  await skipTrialDialog(page);
  const user = await registerUser(page.request);
  const contentId = await publishedContentId(page.request);
  const shell = new ShellPage(page);
  const subscription = new SubscriptionPage(page);
  const portal = new SandboxPortalPage(page);

  // The trial promise says plainly that the card is asked for and nothing is charged before the trial ends.
  await subscription.goto();
  await expect(subscription.main).toContainText(`3 dias grátis, depois cobrança automática. Cancele quando quiser, sem multa. ${CARD_PROMISE}`);
  await subscription.choose('Mensal');
  const checkout = new SandboxCheckoutPage(page);
  await checkout.expectLoaded('Mensal');
  await expect(page.getByText(CARD_PROMISE)).toBeVisible();
  await checkout.pay();
  await subscription.expectActive('Mensal', 'Período de teste');

  // The provider cannot charge the renewal.
  await subscription.openPortal();
  await portal.failRenewal();
  await portal.backToSubscription();

  // 'Pagamento pendente', until when access lasts, and the way to fix it.
  const billing = await billingSubscription(page.request);
  expect(billing).toMatchObject({ status: 'active', payment_failed: true, grace_until: expect.any(String) });
  const until = ddmmyyyy(billing.grace_until!);
  await subscription.expectActive('Mensal', 'Pagamento pendente');
  await expect(subscription.manageDate()).toHaveText(`Acesso garantido até ${until}`);
  await expect(subscription.graceAlert().getByRole('heading', { name: 'Pagamento pendente' })).toBeVisible();
  await expect(subscription.graceAlert()).toContainText(`Seu acesso continua até ${until}`);
  await expect(subscription.graceAlert().getByRole('button', { name: 'Atualizar cartão' })).toBeVisible();

  // The e-mail, with the same date and a link to the subscription page.
  const mail = await waitForMail(user.email, /^Pagamento pendente/);
  expect(mail.subject).toBe(`Pagamento pendente: atualize seu cartão até ${until}`);
  expect(mail.text).toContain(`Atualizar cartão: ${baseURL}/subscription`);

  // Elsewhere, a notice under the header leads to the subscription page.
  await page.goto('/contents');
  const banner = page.getByTestId('payment-pending-banner');
  await expect(banner).toContainText(`Pagamento pendente: atualize seu cartão até ${until}`);
  await banner.getByRole('link', { name: 'Atualizar cartão' }).click();
  await page.waitForURL(/\/subscription$/);
  await expect(subscription.graceAlert()).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Still a subscriber: PRO, and premium content opens.
  await shell.expectProBadge();
  await expectContentOpens(page, contentId);

  // 'Atualizar cartão' opens the provider's portal; once the charge goes through, the subscription is in good standing.
  await subscription.goto();
  await subscription.graceAlert().getByRole('button', { name: 'Atualizar cartão' }).click();
  await page.waitForURL(/\/api\/billing\/sandbox\/portal\//);
  await portal.updateCardAndPay();
  await portal.backToSubscription();
  await subscription.expectActive('Mensal', 'Ativa');
  await expect(subscription.graceAlert()).toHaveCount(0);
  await expect(subscription.manageDate()).toHaveText(`Próxima cobrança em ${ddmmyyyy(billing.current_period_end!)}`);
});
