import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { SaveNotice } from './save-notice';

export interface ManualInput {
  manufacturer: string;
  model: string;
  title: string;
  description: string;
  type: string;
  pdf: { name: string; mimeType: string; buffer: Buffer };
}

/** /admin/manuals — 'Manuais Técnicos' of the admin panel (spec 2.14). */
export class AdminManualsPage {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/manuals');
    await expect(this.page.getByRole('heading', { name: 'Manuais Técnicos', level: 1 })).toBeVisible();
  }

  card(title: string): Locator {
    return this.page.getByTestId('admin-manual-card').filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  async search(text: string): Promise<void> {
    await this.page.getByPlaceholder('Buscar manuais...').fill(text);
  }

  async openCreate(): Promise<void> {
    await this.page.getByRole('button', { name: 'Novo Manual' }).click();
    await expect(this.dialog.getByRole('heading', { name: 'Novo Manual' })).toBeVisible();
  }

  /** Chooses a file with 'Enviar PDF', as a user does through the file chooser. */
  async choosePdf(file: ManualInput['pdf']): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.dialog.getByRole('button', { name: /Enviar (outro )?PDF/ }).click();
    await (await chooser).setFiles(file);
  }

  async fillForm(input: Omit<ManualInput, 'pdf'>): Promise<void> {
    await this.dialog.getByLabel('Fabricante').fill(input.manufacturer);
    await this.dialog.getByLabel('Modelo').fill(input.model);
    await this.dialog.getByLabel('Título').fill(input.title);
    await this.dialog.getByLabel('Descrição').fill(input.description);
    await this.dialog.getByLabel('Tipo de manual').selectOption({ label: input.type });
  }

  /** Creates a manual with an uploaded PDF and closes the 'Manual Cadastrado!' notice. */
  async create(input: ManualInput): Promise<void> {
    await this.openCreate();
    await this.fillForm(input);
    await this.choosePdf(input.pdf);
    await expect(this.dialog.getByText(/^PDF enviado \(\d+,\d MB\)$/)).toBeVisible();
    await expect(this.dialog.getByLabel('URL do arquivo PDF')).toHaveValue(/^\/api\/files\/manuals\/.+\.pdf$/);
    await this.dialog.getByRole('button', { name: 'Cadastrar Manual' }).click();
    await this.expectSaved();
    await expect(this.card(input.title)).toBeVisible();
  }

  async expectSaved(): Promise<void> {
    await expect(this.dialog).toHaveCount(0);
    const notice = new SaveNotice(this.page);
    await notice.expectShown('Manual Cadastrado!', 'já está disponível para os usuários');
    await expect(notice.viewOnSite()).toBeVisible();
    await notice.close();
  }
}

/** /manuals — the end users' library (spec 2.12). */
export class ManualsLibraryPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/manuals');
    await expect(this.page.getByRole('heading', { name: 'Manuais Técnicos', level: 1 })).toBeVisible();
  }

  get manufacturer(): Locator {
    return this.page.getByLabel('Fabricante', { exact: true });
  }

  get model(): Locator {
    return this.page.getByLabel('Modelo', { exact: true });
  }

  get type(): Locator {
    return this.page.getByLabel('Tipo de manual', { exact: true });
  }

  cards(): Locator {
    return this.page.getByTestId('manual-card');
  }

  card(title: string): Locator {
    return this.cards().filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  async search(text: string): Promise<void> {
    await this.page.getByPlaceholder('Buscar manuais...').fill(text);
  }

  /** Clicks 'Baixar' on a card and answers the browser's download. */
  async download(title: string): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.card(title).getByRole('button', { name: `Baixar ${title}` }).click();
    return download;
  }
}

/** The search inside the manuals on /manuals (issue 16), the same look online and offline. */
export class ManualSearch {
  constructor(
    readonly page: Page,
    readonly label = 'Buscar código de erro ou termo nos manuais',
  ) {}

  get box(): Locator {
    return this.page.getByRole('searchbox', { name: this.label, exact: true });
  }

  async search(text: string): Promise<void> {
    await this.box.fill(text);
    await this.box.press('Enter');
  }

  /** The group of results of one manual. */
  result(title: string): Locator {
    return this.page.getByTestId('search-result').filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  hits(title: string): Locator {
    return this.result(title).getByTestId('search-hit');
  }
}

/** /manuals/{id}?page=&q= — the in-app PDF viewer. */
export class ManualViewer {
  constructor(readonly page: Page) {}

  get pageStatus(): Locator {
    return this.page.getByTestId('page-status');
  }

  /** The page drawn, with its text layer ready. */
  renderedPage(n: number): Locator {
    return this.page.locator(`[data-testid="pdf-page"][data-page="${n}"][data-rendered="true"]`);
  }

  matches(): Locator {
    return this.page.locator('[data-testid="pdf-page"] mark.manual-match');
  }

  get matchesLine(): Locator {
    return this.page.getByTestId('viewer-matches');
  }

  get offlineSwitch(): Locator {
    return this.page.getByRole('switch', { name: 'Disponível offline' });
  }

  async back(): Promise<void> {
    await this.page.getByRole('button', { name: 'Voltar' }).click();
  }
}

/** 'Meus manuais offline' on /manuals. */
export class OfflineManualsSection {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /Meus manuais offline/ }).click();
    await expect(this.page.getByRole('heading', { name: 'Meus manuais offline', level: 2 })).toBeVisible();
  }

  cards(): Locator {
    return this.page.getByTestId('offline-manual');
  }

  card(title: string): Locator {
    return this.cards().filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  get usage(): Locator {
    return this.page.getByTestId('offline-usage');
  }
}
