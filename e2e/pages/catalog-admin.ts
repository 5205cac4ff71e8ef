import { expect, type Locator, type Page } from '@playwright/test';
import { SaveNotice } from './save-notice';

/** /admin/categories — content categories. */
export class AdminCategoriesPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin/categories');
    await expect(this.page.getByRole('heading', { name: 'Categorias', level: 1 })).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.getByTestId('category-card').filter({ hasText: name });
  }

  /** Creates a category; while creating, the slug is generated from the name. Returns the slug shown. */
  async create(name: string, description: string): Promise<string> {
    await this.page.getByRole('button', { name: 'Nova Categoria' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Nome').fill(name);
    const slug = await dialog.getByLabel('Slug').inputValue();
    await dialog.getByLabel('Descrição').fill(description);
    await dialog.getByRole('button', { name: 'Criar Categoria' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.card(name)).toBeVisible();
    return slug;
  }
}

/** /admin/contents — the admin's content cards, the create/edit form and its dialogs. */
export class AdminContentsPage {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/contents');
    await expect(this.page.getByRole('heading', { name: 'Conteúdos', level: 1 })).toBeVisible();
  }

  card(title: string): Locator {
    return this.page.getByTestId('admin-content-card').filter({ hasText: title });
  }

  async openCreateForm(): Promise<void> {
    await this.page.getByRole('button', { name: 'Novo Conteúdo' }).first().click();
    await expect(this.dialog.getByRole('heading', { name: 'Novo Conteúdo' })).toBeVisible();
  }

  async fillDetails(values: { title: string; description: string; category: string; tags: string }): Promise<void> {
    await this.dialog.getByLabel('Título').fill(values.title);
    await this.dialog.getByLabel('Descrição').fill(values.description);
    await this.dialog.getByLabel('Categoria').selectOption({ label: values.category });
    await this.dialog.getByLabel('Tags').fill(values.tags);
  }

  async chooseFileMode(): Promise<void> {
    await this.dialog.getByRole('radio', { name: 'Enviar arquivo' }).click();
    await expect(this.dialog.getByText('Formatos aceitos: MP4, WebM, MOV (até 500MB)')).toBeVisible();
  }

  async pickFile(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.dialog.getByLabel('Escolher arquivo de vídeo').setInputFiles(file);
  }

  /** Uploads a video file and waits until the form holds its address. */
  async uploadVideo(path: string): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/api/admin/upload-video') && r.request().method() === 'POST');
    await this.pickFile(path);
    expect((await answered).status()).toBe(201);
    await expect(this.dialog.getByText('Vídeo enviado')).toBeVisible();
  }

  /** Submits the create form (a new content is a draft: the form says so) and closes the 'Conteúdo Criado!' notice. */
  async submitCreate(): Promise<void> {
    await expect(this.dialog.getByTestId('publishing-note')).toContainText('fica como rascunho');
    await this.dialog.getByRole('button', { name: 'Criar Conteúdo' }).click();
    await expect(this.dialog).toBeHidden();
    const notice = new SaveNotice(this.page);
    await notice.expectShown('Conteúdo Criado!', 'rascunho');
    await expect(notice.publishNow()).toBeVisible();
    await notice.close();
  }

  async publish(title: string): Promise<void> {
    const card = this.card(title);
    await expect(card.getByTestId('content-status')).toHaveText('Rascunho');
    await card.getByRole('button', { name: `Publicar ${title}` }).click();
    await expect(card.getByTestId('content-status')).toHaveText('Publicado');
    await expect(card.getByRole('button', { name: `Despublicar ${title}` })).toHaveAttribute('aria-pressed', 'true');
  }
}
