import { expect, type Locator, type Page } from '@playwright/test';

/** '/': the course home (course categories). */
export class CourseHomePage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/');
  }

  card(name: string): Locator {
    return this.page.getByTestId('course-category-card').filter({ hasText: name });
  }

  async search(text: string): Promise<void> {
    await this.page.getByPlaceholder('Buscar aulas...').fill(text);
  }
}

/** /course-category/{slug}: the courses of a category. */
export class CourseCategoryPage {
  constructor(readonly page: Page) {}

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/course-category/${slug}`);
  }

  card(title: string): Locator {
    return this.page.getByTestId('course-card').filter({ hasText: title });
  }

  async open(title: string): Promise<void> {
    await this.card(title).getByRole('link', { name: /Assistir/ }).click();
    await expect(this.page).toHaveURL(/\/course\/\d+$/);
  }
}

/** /course/{id}: player, progress and the lesson list. */
export class CoursePage {
  readonly progressCount: Locator;
  readonly progressPercent: Locator;
  readonly lessons: Locator;

  constructor(readonly page: Page) {
    this.progressCount = page.getByTestId('course-progress-count');
    this.progressPercent = page.getByTestId('course-progress-percent');
    this.lessons = page.getByTestId('lesson-item');
  }

  lesson(title: string): Locator {
    return this.lessons.filter({ hasText: title });
  }

  /** The embedded player of the selected lesson. */
  player(title: string): Locator {
    return this.page.locator(`iframe[title="${title}"]`);
  }

  async select(title: string): Promise<void> {
    await this.lesson(title).click();
    await expect(this.lesson(title)).toHaveAttribute('aria-current', 'true');
  }

  async expectProgress(done: number, total: number): Promise<void> {
    await expect(this.progressCount).toHaveText(`${done} de ${total} aulas concluídas`);
    await expect(this.progressPercent).toHaveText(`${total ? Math.round((done / total) * 100) : 0}%`);
  }
}
