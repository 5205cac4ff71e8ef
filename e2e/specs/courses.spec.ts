import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { AdminLoginPage } from '../pages/admin-pages';
import { AdminCourseCategoriesPage, AdminCoursesPage } from '../pages/courses-admin';
import { CourseCategoryPage, CourseHomePage, CoursePage } from '../pages/courses-shell';
import { activateSubscription, adminApi, adminCredentials, newUser, type TestUser } from '../support/api';
import { SaveNotice } from '../pages/save-notice';

/** Set by the global setup, which starts the platform with this administrator. */
function admin(): { username: string; password: string } {
  const credentials = adminCredentials();
  if (!credentials) throw new Error('E2E_ADMIN_USERNAME and E2E_ADMIN_PASSWORD are not set');
  return credentials;
}

/** Three lessons of 10:00, 12:30 and 1:05:00: 1h 27min in all. */
const LESSONS = [
  { title: 'Ferramentas do instalador', description: 'Kit mínimo e EPIs.', video: 'https://youtu.be/dQw4w9WgXcQ', duration: '10:00' },
  { title: 'Vácuo com bomba de duplo estágio', description: 'Vacuômetro e 500 mícrons.', video: 'M7lc1UVf-VE', duration: '12:30' },
  { title: 'Teste de estanqueidade', description: 'Nitrogênio e espuma.', video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', duration: '1:05:00' },
] as const;
const TOTAL = '1h 27min';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Registers an end user through the API; with `active`, the administrator turns the subscription on. */
async function seedUser(baseURL: string, active: boolean): Promise<TestUser> {
  const user = newUser('cursos');
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await api.post('/api/auth/register', { data: user });
    expect(res.ok(), await res.text()).toBeTruthy();
    const { id } = (await res.json()) as { id: string };
    if (active) {
      const adm = await adminApi(baseURL);
      try {
        await activateSubscription(adm, id);
      } finally {
        await adm.dispose();
      }
    }
  } finally {
    await api.dispose();
  }
  return user;
}

/** Signs the page's browser context in (the session cookie is shared with the page). */
async function signIn(page: Page, user: TestUser): Promise<void> {
  const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A published category with one course of three lessons, created through the admin API. */
async function seedCourse(baseURL: string): Promise<{ category: string; slug: string; course: string; courseId: number }> {
  const adm = await adminApi(baseURL);
  try {
    const id = unique();
    const category = `Refrigeração E2E ${id}`;
    const cat = await adm.post('/api/admin/course-categories', { data: { name: category, description: 'Categoria semeada pelo teste.' } });
    expect(cat.ok(), await cat.text()).toBeTruthy();
    const { id: categoryId, slug } = (await cat.json()) as { id: number; slug: string };
    const course = `Carga de gás ${id}`;
    const created = await adm.post('/api/admin/courses', { data: { title: course, description: 'Aula semeada pelo teste.', course_category_id: categoryId } });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id: courseId } = (await created.json()) as { id: number };
    for (const lesson of LESSONS) {
      const res = await adm.post(`/api/admin/courses/${courseId}/lessons`, {
        data: { title: lesson.title, description: lesson.description, youtube_video_id: lesson.video, duration_seconds: lesson.duration },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    return { category, slug, course, courseId };
  } finally {
    await adm.dispose();
  }
}

/**
 * An active subscriber goes from the course home to the course and its lessons. A lesson counts as
 * completed only once most of it has been watched (resume.spec.ts plays one to the end): opening lessons
 * completes nothing. The video service is unreachable here; its frames load the browser's error page.
 */
async function watchAsSubscriber(page: Page, seeded: { category: string; slug: string; course: string }, order: readonly string[]) {
  const home = new CourseHomePage(page);
  await home.goto();
  await home.search(seeded.category);
  const card = home.card(seeded.category);
  await expect(card).toContainText('3 aulas');
  await expect(card).toContainText(TOTAL);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/course-category/${seeded.slug}$`));

  const category = new CourseCategoryPage(page);
  await expect(page.getByRole('heading', { name: seeded.category, level: 1 })).toBeVisible();
  await expect(page.getByTestId('available-lessons')).toHaveText('1 aula disponível');
  await expect(category.card(seeded.course)).toContainText('3 lições');
  await expect(category.card(seeded.course)).toContainText(TOTAL);
  await category.open(seeded.course);

  const course = new CoursePage(page);
  await expect(page.getByRole('heading', { name: seeded.course, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Progresso da Aula' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lições da Aula' })).toBeVisible();
  await expect(course.lessons).toHaveCount(3);
  await expect(course.lessons.nth(0)).toContainText(order[0]!);
  await expect(course.lessons.nth(1)).toContainText(order[1]!);
  await expect(course.lessons.nth(2)).toContainText(order[2]!);

  // The first lesson is selected; its frame loading completes nothing.
  await expect(course.lesson(order[0]!)).toHaveAttribute('aria-current', 'true');
  await expect(course.player(order[0]!)).toBeAttached();
  await course.expectProgress(0, 3);
  await expect(course.lesson(order[0]!)).toHaveAttribute('data-completed', 'false');

  // Choosing the last lesson shows its player; still nothing is completed, also after a reload.
  await course.select(order[2]!);
  await expect(course.player(order[2]!)).toBeAttached();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await page.reload();
  await course.expectProgress(0, 3);
  await expect(course.lesson(order[2]!)).toHaveAttribute('data-completed', 'false');

  // Back goes to the category.
  await page.getByRole('link', { name: `Voltar para ${seeded.category}` }).click();
  await expect(page).toHaveURL(new RegExp(`/course-category/${seeded.slug}$`));
}

test.describe('courses', () => {
  test('admin creates a course category, a course and its lessons; a subscriber follows them', async ({ page, browser, baseURL }) => {
    // The whole path of issue 5 in one story: two people, two apps, a dozen screens.
    test.setTimeout(150_000);
    const id = unique();
    const categoryName = `Instalação E2E ${id}`;
    const courseTitle = `Split hi-wall passo a passo ${id}`;

    const login = new AdminLoginPage(page);
    // The first visit of the run also loads the admin panel's code: give it time.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible({ timeout: 30_000 });
    await login.login(admin().username, admin().password);

    const categories = new AdminCourseCategoriesPage(page);
    await categories.goto();
    const slug = await categories.create(categoryName, 'Instalação de splits do começo ao fim.');
    expect(slug).toBe(`instalacao-e2e-${id}`);

    const courses = new AdminCoursesPage(page);
    await courses.goto();
    await courses.create({ title: courseTitle, description: 'Do planejamento à partida.', category: categoryName });
    // a new course starts published (spec section 4): the one save notice says so and offers the site
    const notice = new SaveNotice(page);
    await notice.expectShown('Aula criada!', 'A aula já está disponível para os assinantes. Agora adicione as lições.');
    await expect(notice.viewOnSite()).toHaveAttribute('href', /^\/course\/\d+$/);
    await notice.close();
    await expect(page.getByText('Nenhuma lição cadastrada')).toBeVisible();

    for (const lesson of LESSONS) await courses.addLesson(lesson);
    await courses.expectLessonOrder(LESSONS.map((l) => l.title));
    await expect(page.getByText(`3 lições · ${TOTAL}`)).toBeVisible();

    // A wrong duration is refused with the contract's message.
    await page.getByRole('button', { name: 'Adicionar Lição' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova Lição' });
    await dialog.getByLabel('Título').fill('Lição descartável');
    await dialog.getByLabel('Duração').fill('12:75');
    await dialog.getByRole('button', { name: 'Adicionar Lição' }).click();
    await expect(dialog.getByText('Duração inválida: informe os segundos ou o formato mm:ss')).toBeVisible();
    await dialog.getByLabel('Duração').fill('2:00');
    await dialog.getByRole('button', { name: 'Adicionar Lição' }).click();
    await expect(dialog).toBeHidden();
    await expect(courses.lessonRows()).toHaveCount(4);

    // Remove it (typed 'excluir'), then move the last lesson up; the order is saved.
    await courses.deleteLesson('Lição descartável');
    await courses.moveUp(LESSONS[2].title);
    const order = [LESSONS[0].title, LESSONS[2].title, LESSONS[1].title] as const;
    await courses.expectLessonOrder([...order]);
    await page.reload();
    await courses.expectLessonOrder([...order]);

    // The list shows the course, published, in its category.
    await courses.goto();
    await page.getByPlaceholder('Buscar aulas...').fill(id);
    await expect(courses.row(courseTitle)).toContainText('Publicado');
    await expect(courses.row(courseTitle)).toContainText(categoryName);
    await expect(courses.row(courseTitle)).toContainText(`/${slug}`);

    // An active subscriber, in a browser of their own.
    const subscriber = await seedUser(baseURL!, true);
    const context = await browser.newContext();
    try {
      const subscriberPage = await context.newPage();
      await signIn(subscriberPage, subscriber);
      await watchAsSubscriber(subscriberPage, { category: categoryName, slug, course: courseTitle }, order);
    } finally {
      await context.close();
    }
  });

  test('@phone a subscriber follows a course and keeps the progress', async ({ page, baseURL }) => {
    const seeded = await seedCourse(baseURL!);
    const subscriber = await seedUser(baseURL!, true);
    await signIn(page, subscriber);
    await watchAsSubscriber(page, seeded, LESSONS.map((l) => l.title));
  });

  test('@phone gating: not active sees "Assinatura Necessária", anonymous sees "Acesso Restrito"', async ({ page, baseURL }) => {
    const seeded = await seedCourse(baseURL!);

    // Anonymous.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();
    await new CourseCategoryPage(page).goto(seeded.slug);
    await expect(page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();
    await page.goto(`/course/${seeded.courseId}`);
    await expect(page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();
    await expect(page.getByText('Você precisa estar logado para acessar este curso')).toBeVisible();

    // Signed in, subscription not active: the list with the subscribe banner, the details gated.
    const user = await seedUser(baseURL!, false);
    await signIn(page, user);
    const home = new CourseHomePage(page);
    await home.goto();
    await home.search(seeded.category);
    await expect(home.card(seeded.category)).toContainText('3 aulas');
    await expect(page.getByRole('button', { name: 'Assinar Agora' }).first()).toBeVisible();
    await new CourseCategoryPage(page).goto(seeded.slug);
    await expect(page.getByRole('heading', { name: 'Assinatura Necessária' })).toBeVisible();
    await page.goto(`/course/${seeded.courseId}`);
    await expect(page.getByRole('heading', { name: 'Assinatura Necessária' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/subscription');

    // Unknown category and course give the spec's texts.
    const subscriber = await seedUser(baseURL!, true);
    await page.context().clearCookies();
    await signIn(page, subscriber);
    await new CourseCategoryPage(page).goto(`nao-existe-${unique()}`);
    await expect(page.getByText('Categoria não encontrada')).toBeVisible();
    await page.goto('/course/987654321');
    await expect(page.getByText('Curso não encontrado')).toBeVisible();
  });
});
