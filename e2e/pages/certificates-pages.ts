import { expect, type Locator, type Page } from '@playwright/test';

/** /profile → 'Meus certificados'. */
export class MyCertificates {
  readonly section: Locator;

  constructor(readonly page: Page) {
    this.section = page.locator('#certificados');
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile');
    await expect(this.section.getByRole('heading', { name: 'Meus certificados' })).toBeVisible();
  }

  card(course: string): Locator {
    return this.section.getByTestId('my-certificate').filter({ hasText: course });
  }

  /** The certificate's code, as the card holds it. */
  async code(course: string): Promise<string> {
    return (await this.card(course).getAttribute('data-code'))!;
  }
}

/** /certificados/{code} — the public verification page. */
export class CertificateVerifyPage {
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.result = page.getByTestId('certificate-verification');
  }

  async goto(code: string): Promise<void> {
    await this.page.goto(`/certificados/${code}`);
    await expect(this.result).toBeVisible();
  }
}

/** /admin/certificates — 'Certificados'. */
export class AdminCertificatesPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin/certificates');
    await expect(this.page.getByRole('heading', { name: 'Certificados', level: 1 })).toBeVisible();
  }

  async search(text: string): Promise<void> {
    await this.page.getByPlaceholder('Buscar por aluno, e-mail, curso ou código...').fill(text);
  }

  /** The row (a card on a phone) of a certificate: only the visible one of the two views. */
  row(text: string): Locator {
    return this.page.getByTestId('certificate-row').filter({ visible: true }).filter({ hasText: text });
  }

  /** Revokes through the confirmation dialog, with a reason. */
  async revoke(text: string, holder: string, reason: string): Promise<void> {
    await this.row(text).getByRole('button', { name: `Revogar o certificado de ${holder}` }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Revogar certificado' })).toBeVisible();
    await expect(dialog).toContainText('deixará de ser válido');
    await dialog.getByLabel('Motivo (opcional)').fill(reason);
    await dialog.getByRole('button', { name: 'Revogar certificado' }).click();
    await expect(dialog).toBeHidden();
  }
}
