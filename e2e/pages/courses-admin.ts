import { expect, type Locator, type Page } from '@playwright/test';
import { DeleteDialog } from './admin-pages';

/** /admin/course-categories — 'Categorias de Curso'. */
export class AdminCourseCategoriesPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin/course-categories');
    await expect(this.page.getByRole('heading', { name: 'Categorias de Curso', level: 1 })).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.getByTestId('course-category-card').filter({ hasText: name });
  }

  /** Creates a category; the slug field follows every change of the name. Returns the slug it shows. */
  async create(name: string, description: string): Promise<string> {
    await this.page.getByRole('button', { name: 'Nova Categoria' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Nova Categoria de Curso' });
    await expect(dialog).toBeVisible();
    const slug = dialog.getByLabel('Slug');
    await dialog.getByLabel('Nome').fill(`${name} rascunho`);
    await expect(slug).not.toHaveValue('');
    const draftSlug = await slug.inputValue();
    await dialog.getByLabel('Nome').fill(name);
    await expect(slug).not.toHaveValue(draftSlug);
    const value = await slug.inputValue();
    await dialog.getByLabel('Descrição').fill(description);
    await dialog.getByRole('button', { name: 'Criar Categoria' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.card(name)).toContainText(`/${value}`);
    return value;
  }
}

/** /admin/courses — 'Gerenciar Aulas' — and the course editor with its lessons. */
export class AdminCoursesPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin/courses');
    await expect(this.page.getByRole('heading', { name: 'Gerenciar Aulas', level: 1 })).toBeVisible();
  }

  row(title: string): Locator {
    return this.page.getByTestId('course-row').filter({ visible: true }).filter({ hasText: title });
  }

  /** 'Nova Aula' → fills the form → lands on the course editor. */
  async create(course: { title: string; description: string; category: string }): Promise<void> {
    await this.page.getByRole('button', { name: 'Nova Aula' }).click();
    await expect(this.page.getByRole('heading', { name: 'Nova Aula', level: 1 })).toBeVisible();
    await expect(this.page.getByLabel('Publicar aula')).toBeChecked();
    await this.page.getByLabel('Título').fill(course.title);
    await this.page.getByLabel('Descrição').fill(course.description);
    await this.page.getByLabel('Categoria de curso').selectOption({ label: course.category });
    await this.page.getByRole('button', { name: 'Criar Aula' }).click();
    await expect(this.page).toHaveURL(/\/admin\/courses\/\d+$/);
    await expect(this.page.getByRole('heading', { name: 'Editar Aula', level: 1 })).toBeVisible();
  }

  /** The course id of the editor that is open. */
  courseId(): number {
    return Number(/\/admin\/courses\/(\d+)$/.exec(this.page.url())?.[1]);
  }

  lessonRows(): Locator {
    return this.page.getByTestId('lesson-row');
  }

  async addLesson(lesson: { title: string; description: string; video: string; duration: string }): Promise<void> {
    const before = await this.lessonRows().count();
    await this.page.getByRole('button', { name: 'Adicionar Lição' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'Nova Lição' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Título').fill(lesson.title);
    await dialog.getByLabel('Descrição').fill(lesson.description);
    await dialog.getByLabel('Vídeo do YouTube (link ou ID)').fill(lesson.video);
    await dialog.getByLabel('Duração').fill(lesson.duration);
    await dialog.getByRole('button', { name: 'Adicionar Lição' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.lessonRows()).toHaveCount(before + 1);
  }

  async moveUp(title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Mover ${title} para cima` }).click();
  }

  async deleteLesson(title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Excluir lição ${title}` }).click();
    await new DeleteDialog(this.page).confirm();
    await expect(this.lessonRows().filter({ hasText: title })).toHaveCount(0);
  }

  async expectLessonOrder(titles: string[]): Promise<void> {
    await expect(this.lessonRows().getByTestId('lesson-title')).toHaveText(titles);
  }
}
