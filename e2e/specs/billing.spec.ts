import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { BillingSubscription, Content } from '@clima/contract';
import { SandboxCheckoutPage, SandboxPortalPage, skipTrialDialog, SubscriptionPage, TRIAL_DIALOG_SESSION_KEY, TrialDialog } from '../pages/billing-pages';
import { ShellPage } from '../pages/shell-page';
import { registerUser } from '../support/api';

/** A published content to open (the demo catalogue). */
async function publishedContentId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/contents');
  expect(res.ok()).toBe(true);
  const contents = (await res.json()) as Content[];
  expect(contents.length).toBeGreaterThan(0);
  return contents[0]!.id;
}

async function billingSubscription(request: APIRequestContext): Promise<BillingSubscription> {
  const res = await request.get('/api/billing/subscription');
  expect(res.ok()).toBe(true);
  return (await res.json()) as BillingSubscription;
}

const ddmmyyyy = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));

async function expectContentOpens(page: Page, id: number): Promise<void> {
  await page.goto(`/content/${id}`);
  await expect(page.getByRole('heading', { name: 'Sobre este conteúdo' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Assinatura Necessária')).toHaveCount(0);
}

test('a signed-in technician subscribes through the sandbox checkout and gets PRO without signing in again @phone', async ({ page }) => {
  const user = await registerUser(page.request);
  const contentId = await publishedContentId(page.request);
  const shell = new ShellPage(page);
  const dialog = new TrialDialog(page);

  // Not subscribed yet: the content is for subscribers.
  await page.goto(`/content/${contentId}`);
  await expect(page.getByRole('heading', { name: 'Assinatura Necessária' })).toBeVisible();

  // The trial/checkout dialog opened by itself on this first screen of the session.
  await dialog.expectTrialOffer();
  await dialog.choose('Mensal');

  const checkout = new SandboxCheckoutPage(page);
  await checkout.expectLoaded('Mensal');
  await checkout.pay();

  // Back from the checkout: confirmed, with the PRO badge, and still the same session.
  const subscription = new SubscriptionPage(page);
  await expect(page.getByTestId('checkout-notice')).toContainText('Pagamento confirmado!');
  await shell.expectSignedIn(user);
  await shell.expectProBadge();
  await subscription.expectActive('Mensal', 'Período de teste');
  const billing = await billingSubscription(page.request);
  await expect(subscription.manageDate()).toHaveText(`Primeira cobrança em ${ddmmyyyy(billing.current_period_end!)}`);

  await expectContentOpens(page, contentId);
});

test('the trial dialog: never on /auth/callback, then once per browser session, and on every subscribe button', async ({ page }) => {
  await registerUser(page.request);
  const dialog = new TrialDialog(page);

  // The authentication return screen: held on it until the user is known, without the dialog.
  let releaseExchange: () => void = () => undefined;
  const exchangeHeld = new Promise<void>((resolve) => (releaseExchange = resolve));
  await page.route('**/api/sessions', async (route) => {
    await exchangeHeld;
    await route.continue();
  });
  const me = page.waitForResponse((res) => res.url().endsWith('/api/session') && res.ok());
  await page.goto('/auth/callback?code=e2e-not-a-real-code');
  await expect(page.getByText('Finalizando autenticação...').first()).toBeVisible();
  await me;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(dialog.dialog).toHaveCount(0);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), TRIAL_DIALOG_SESSION_KEY)).toBeNull();

  // Leaving the callback (the made-up code fails, so it goes to '/'): the dialog opens once.
  releaseExchange();
  await page.waitForURL((url) => url.pathname === '/');
  await dialog.expectTrialOffer();

  // An accessible modal: focus stays inside, Escape closes it.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await dialog.close();

  // Same browser session: not again by itself…
  await page.goto('/contents');
  await expect(page.getByRole('button', { name: 'Assinar Agora' })).toBeVisible();
  await expect(dialog.dialog).toHaveCount(0);

  // …but every subscribe button opens it.
  await page.getByRole('button', { name: 'Assinar Agora' }).click();
  await dialog.expectTrialOffer();
  await dialog.close();
  await page.goto('/manuals');
  await page.getByRole('button', { name: 'Assinar Agora' }).click();
  await dialog.expectTrialOffer();
  await dialog.close();
});

test('canceling through the sandbox portal keeps access until the end of the paid period @phone', async ({ page }) => {
  await skipTrialDialog(page);
  const user = await registerUser(page.request);
  const contentId = await publishedContentId(page.request);
  const shell = new ShellPage(page);
  const subscription = new SubscriptionPage(page);

  // Subscribe to the annual plan through the plans page and the sandbox checkout.
  await subscription.goto();
  await expect(subscription.heading()).toHaveText('Escolha seu Plano');
  await expect(subscription.plan('Anual')).toContainText('2 meses grátis');
  await subscription.choose('Anual');
  const checkout = new SandboxCheckoutPage(page);
  await checkout.expectLoaded('Anual');
  await checkout.pay();
  await subscription.expectActive('Anual', 'Período de teste');

  // Cancel in the provider's portal.
  await subscription.openPortalToCancel();
  const portal = new SandboxPortalPage(page);
  await portal.cancel();
  await portal.backToSubscription();

  // Still subscribed until the end of the period already granted.
  const billing = await billingSubscription(page.request);
  expect(billing.cancel_at_period_end).toBe(true);
  await subscription.expectActive('Anual', 'Cancelada');
  await expect(subscription.manageDate()).toHaveText(`Acesso até ${ddmmyyyy(billing.current_period_end!)}`);
  await expect(subscription.manageBox.getByRole('button', { name: 'Reativar assinatura' })).toBeVisible();
  await shell.expectSignedIn(user);
  await shell.expectProBadge();
  await expectContentOpens(page, contentId);
});
