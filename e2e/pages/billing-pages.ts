import { expect, type Locator, type Page } from '@playwright/test';

/** The browser's once-per-session flag of the trial/checkout dialog (web-shell subscribe-dialog-context). */
export const TRIAL_DIALOG_SESSION_KEY = 'clima.trialDialogShown';

/**
 * For specs that are not about the trial/checkout dialog: marks it as already shown in this browser
 * session, so it does not open by itself over the screen under test. Call before the first goto.
 */
export async function skipTrialDialog(page: Page): Promise<void> {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), TRIAL_DIALOG_SESSION_KEY);
}

/** The trial/checkout dialog of spec 2.4. */
export class TrialDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^(Experimente \d+ dias grátis|Assine o Clima Pro)$/ });
  }

  plan(name: 'Mensal' | 'Anual'): Locator {
    return this.dialog.getByRole('article', { name });
  }

  async expectTrialOffer(): Promise<void> {
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog.getByRole('heading', { name: 'Experimente 3 dias grátis' })).toBeVisible();
    await expect(this.dialog).toContainText('Depois, a cobrança é automática no plano escolhido. Cancele quando quiser, sem multa.');
    await expect(this.plan('Mensal').getByTestId('plan-price')).toHaveText('R$ 19,90/mês');
    await expect(this.plan('Anual').getByTestId('plan-price')).toHaveText('R$ 199,00/ano');
    await expect(this.plan('Anual')).toContainText('2 meses grátis');
    await expect(this.plan('Anual')).toContainText('≈ R$ 16,58/mês');
  }

  /** Starts the checkout of a plan: the browser goes to the provider's page. */
  async choose(name: 'Mensal' | 'Anual'): Promise<void> {
    await this.plan(name).getByRole('button').click();
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}

/** /subscription — plans, the manage box and the FAQ (spec 2.10). */
export class SubscriptionPage {
  readonly main: Locator;
  readonly manageBox: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('main');
    this.manageBox = page.getByTestId('manage-box');
  }

  async goto(): Promise<void> {
    await this.page.goto('/subscription');
  }

  heading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }

  plan(name: 'Mensal' | 'Anual'): Locator {
    return this.main.getByRole('article', { name });
  }

  async choose(name: 'Mensal' | 'Anual'): Promise<void> {
    await this.plan(name).getByRole('button').click();
  }

  async expectActive(plan: 'Mensal' | 'Anual', status: string): Promise<void> {
    await expect(this.heading()).toHaveText('Sua Assinatura');
    await expect(this.manageBox.getByTestId('manage-plan')).toContainText(plan);
    await expect(this.manageBox.getByTestId('manage-status')).toContainText(status);
    await expect(this.main.getByRole('article')).toHaveCount(0);
  }

  /** Both the manage button and the cancel button lead to the provider's portal. */
  async openPortalToCancel(): Promise<void> {
    await this.manageBox.getByRole('button', { name: 'Cancelar assinatura' }).click();
    await this.page.waitForURL(/\/api\/billing\/sandbox\/portal\//);
  }

  manageDate(): Locator {
    return this.manageBox.getByTestId('manage-date');
  }

  /** The 'Pagamento pendente' panel of a failed renewal in its grace. */
  graceAlert(): Locator {
    return this.manageBox.getByTestId('grace-alert');
  }

  async openPortal(): Promise<void> {
    await this.manageBox.getByRole('button', { name: 'Gerenciar pagamento' }).click();
    await this.page.waitForURL(/\/api\/billing\/sandbox\/portal\//);
  }
}

/** The sandbox provider's hosted checkout page (served by the billing service). */
export class SandboxCheckoutPage {
  constructor(readonly page: Page) {}

  async expectLoaded(plan: 'Mensal' | 'Anual'): Promise<void> {
    await this.page.waitForURL(/\/api\/billing\/sandbox\/checkout\//);
    await expect(this.page.getByRole('heading', { name: `Assinatura ${plan}` })).toBeVisible();
    // the test card is prefilled
    await expect(this.page.getByLabel('Número do cartão')).toHaveValue('4242 4242 4242 4242');
  }

  /** Pays with the prefilled test card; the provider sends the browser back to /subscription?status=success. */
  async pay(): Promise<void> {
    await this.page.getByRole('button', { name: 'Assinar' }).click();
    await this.page.waitForURL(/\/subscription/);
  }
}

/** The sandbox provider's customer portal (served by the billing service). */
export class SandboxPortalPage {
  constructor(readonly page: Page) {}

  async cancel(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Gerenciar assinatura' })).toBeVisible();
    await this.page.getByRole('button', { name: 'Cancelar assinatura' }).click();
    await expect(this.page.getByText('Cancelada — acesso até o fim do período')).toBeVisible();
  }

  /** The provider fails to charge the renewal (the subscription is then past due). */
  async failRenewal(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Gerenciar assinatura' })).toBeVisible();
    await this.page.getByRole('button', { name: 'Simular falha na renovação' }).click();
    await expect(this.page.getByText('Pagamento pendente — nova tentativa em breve')).toBeVisible();
  }

  /** The customer updates the card and the pending charge goes through. */
  async updateCardAndPay(): Promise<void> {
    await this.page.getByRole('button', { name: 'Atualizar cartão e pagar agora' }).click();
    await expect(this.page.getByText('Cartão atualizado e cobrança aprovada')).toBeVisible();
  }

  async backToSubscription(): Promise<void> {
    await this.page.getByRole('link', { name: /Voltar para Minha Assinatura/ }).click();
    await this.page.waitForURL(/\/subscription$/);
  }
}

/** /subscription's Pix or boleto waiting to be paid ('Pagar com Pix' / 'Pagar com boleto'). */
export class PendingChargePanel {
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('pending-charge');
  }

  /** Picks the payment method above the plans ('Cartão de crédito', 'Pix', 'Boleto'). */
  static async chooseMethod(page: Page, method: 'Cartão de crédito' | 'Pix' | 'Boleto'): Promise<void> {
    await page.getByRole('group', { name: 'Forma de pagamento' }).getByRole('radio', { name: new RegExp(`^${method}`) }).check();
  }

  qr(): Locator {
    return this.panel.getByRole('img', { name: 'QR Code do Pix' });
  }

  code(): Locator {
    return this.panel.getByTestId('charge-code');
  }

  async copy(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Copiar código' }).click();
    await expect(this.panel.getByRole('status').filter({ hasText: 'Código copiado' })).toBeVisible();
  }

  /** The sandbox's demo "bank" page of the charge. */
  async openSandbox(): Promise<void> {
    await this.panel.getByRole('link', { name: 'Abrir demonstração do banco' }).click();
    await this.page.waitForURL(/\/api\/billing\/sandbox\/charge\/pi_sandbox_/);
  }
}

/** The sandbox provider's Pix/boleto page: 'Simular pagamento'. */
export class SandboxChargePage {
  constructor(readonly page: Page) {}

  async pay(): Promise<void> {
    await this.page.getByRole('button', { name: 'Simular pagamento' }).click();
    await this.page.waitForURL(/\/subscription/);
  }
}
