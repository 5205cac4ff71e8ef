import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ContentDetailPage } from '../pages/catalog-shell';
import { CoursePage } from '../pages/courses-shell';
import { adminApi, seedTestUser, type TestUser } from '../support/api';
import { axeViolations } from '../support/axe';

/**
 * Issue 25, the course flow and the locked preview: 'Próxima aula' at the end of a lesson's video (and at
 * any time), the finished moment of a course, progress on the course cards, and what a visitor or a
 * non-subscriber sees of a course or content opened from a shared link.
 */

/** A real 24-second WebM (VP9 + Opus, 128×72) of about 40 KB. */
const VIDEO = resolve(__dirname, '../fixtures/video-curto.webm');

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Seed {
  slug: string;
  course: string;
  courseId: number;
  lessons: { id: number; title: string }[];
  contentId: number;
  content: string;
}

async function seed(baseURL: string): Promise<Seed> {
  const adm = await adminApi(baseURL);
  try {
    const tag = unique();
    const post = async (adm: APIRequestContext, path: string, data: object) => {
      const res = await adm.post(path, { data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return (await res.json()) as { id: number; slug?: string };
    };
    const upload = await adm.post('/api/admin/upload-video', { multipart: { video: { name: 'aula.webm', mimeType: 'video/webm', buffer: readFileSync(VIDEO) } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const video = ((await upload.json()) as { url: string }).url;
    const category = await post(adm, '/api/admin/course-categories', { name: `Fluxo ${tag}`, description: 'Categoria do teste do fluxo de aulas.' });
    const course = `Carga de fluido ${tag}`;
    const created = await post(adm, '/api/admin/courses', { title: course, description: 'Da balança ao superaquecimento.', course_category_id: category.id });
    const lessons = [];
    for (const title of [`Balança e cilindro ${tag}`, `Superaquecimento ${tag}`]) {
      const lesson = await post(adm, `/api/admin/courses/${created.id}/lessons`, { title, description: `Lição ${title}.`, video_file_url: video, duration_seconds: '0:24' });
      lessons.push({ id: lesson.id, title });
    }
    const content = `Vácuo com nitrogênio ${tag}`;
    const contentCategory = await post(adm, '/api/admin/categories', { name: `Vácuo ${tag}`, description: 'Categoria do teste.' });
    const c = await post(adm, '/api/admin/contents', {
      title: content,
      description: 'Bomba de vácuo, vacuômetro e nitrogênio.',
      category_id: contentCategory.id,
      tags: ['vácuo', 'instalação'],
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      is_published: 1,
    });
    return { slug: category.slug!, course, courseId: created.id, lessons, contentId: c.id, content };
  } finally {
    await adm.dispose();
  }
}

const register = (baseURL: string, active: boolean): Promise<TestUser> => seedTestUser(baseURL, active ? 'fluxo-assinante' : 'fluxo-gratuito', active);

async function signIn(page: Page, user: TestUser): Promise<void> {
  const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The player's report of a lesson watched whole, as the course page sends it. */
async function watchWhole(page: Page, courseId: number, lessonId: number): Promise<void> {
  const res = await page.request.put(`/api/courses/${courseId}/lessons/${lessonId}/position`, { data: { position: 24, duration: 24, watched: [[0, 24]] } });
  expect(res.ok(), await res.text()).toBe(true);
  expect(((await res.json()) as { completed: number }).completed).toBe(1);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0);
}

test.describe('the course flow and the locked preview @phone', () => {
  let data: Seed;
  test.beforeAll(async ({ baseURL }) => {
    data = await seed(baseURL!);
  });

  test('"Próxima aula" follows the end of a video; the cards show progress; the course ends with its finished moment', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const [first, second] = data.lessons;
    await signIn(page, await register(baseURL!, true));

    // a course not started: 'Assistir', no progress
    await page.goto(`/course-category/${data.slug}`);
    const card = page.getByTestId('course-card').filter({ hasText: data.course });
    await expect(card.getByRole('link', { name: `Assistir: ${data.course}` })).toBeVisible();
    await expect(card.getByTestId('course-card-progress')).toHaveCount(0);

    // the lesson's title is the heading under the player, the course's the page's
    await card.getByRole('link', { name: `Assistir: ${data.course}` }).click();
    const course = new CoursePage(page);
    await expect(page.getByRole('heading', { level: 1, name: data.course })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: first.title })).toBeVisible();
    await expect(page.getByTestId('current-lesson')).toHaveText('Lição 1 de 2');
    const next = page.getByTestId('next-lesson');
    await expect(next).toHaveAttribute('data-ended', 'false');
    await expect(next).toContainText(`A seguir: ${second.title}`);
    await expect(next.getByRole('button', { name: 'Próxima aula' })).toBeVisible();

    // the video plays to its end: 'Fim da lição', the button takes the focus, one press goes on
    const player = new ContentDetailPage(page);
    await player.play();
    await player.video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 22;
    });
    await expect(next).toHaveAttribute('data-ended', 'true', { timeout: 20_000 });
    await expect(next).toContainText('Fim da lição');
    await expect(next.getByRole('button', { name: 'Próxima aula' })).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath('proxima-aula.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(course.lesson(second.title)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { level: 2, name: second.title })).toBeVisible();
    await expect(page.getByTestId('current-lesson')).toHaveText('Lição 2 de 2');
    // the last lesson has no next one
    await expect(page.getByTestId('next-lesson')).toHaveCount(0);

    // half the course done: the card says so and offers 'Continuar'
    await watchWhole(page, data.courseId, first.id);
    await page.goto(`/course-category/${data.slug}`);
    await expect(card.getByTestId('course-card-progress')).toContainText('50% concluído');
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await expect(card.getByRole('link', { name: `Continuar: ${data.course}` })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('cartao-progresso.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // the whole course done: the finished moment, with the certificate once it is issued
    await watchWhole(page, data.courseId, second.id);
    await page.goto(`/course/${data.courseId}`);
    const finished = page.getByTestId('course-finished');
    await expect(finished).toBeVisible();
    await expect(finished.getByRole('heading', { name: 'Aula concluída!' })).toBeVisible();
    await expect(finished.getByTestId('course-certificate-link')).toHaveText(/Certificado disponível/, { timeout: 30_000 });
    await course.expectProgress(2, 2);
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('aula-concluida.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a visitor and a non-subscriber see a shared course or content as a locked preview', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    for (const who of ['visitante', 'sem plano'] as const) {
      if (who === 'sem plano') await signIn(page, await register(baseURL!, false));
      const gate = who === 'visitante' ? 'Acesso Restrito' : 'Assinatura Necessária';

      await page.goto(`/course/${data.courseId}`);
      await expect(page.getByRole('heading', { level: 1, name: gate })).toBeVisible();
      const preview = page.getByTestId('locked-preview');
      await expect(preview.getByRole('heading', { name: data.course })).toBeVisible();
      await expect(preview).toContainText('Da balança ao superaquecimento.');
      await expect(preview.getByTestId('preview-lesson')).toHaveText([new RegExp(`${data.lessons[0].title}.*0min`), new RegExp(`${data.lessons[1].title}.*0min`)]);
      await expect(preview.getByTestId('locked-preview-trial')).toContainText('3 dias grátis');
      await expect(page.locator('video, iframe')).toHaveCount(0);
      await settle(page);
      await page.screenshot({ path: testInfo.outputPath(`previa-curso-${who.replace(' ', '-')}.png`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`/content/${data.contentId}`);
      await expect(page.getByRole('heading', { level: 1, name: gate })).toBeVisible();
      await expect(preview.getByRole('heading', { name: data.content })).toBeVisible();
      await expect(preview).toContainText('Bomba de vácuo, vacuômetro e nitrogênio.');
      await expect(preview.getByRole('list', { name: 'Tags' })).toContainText('#vácuo');
      await expect(preview.getByTestId('locked-preview-trial')).toContainText('3 dias grátis');
      await expect(page.locator('video, iframe')).toHaveCount(0);
      await settle(page);
      await page.screenshot({ path: testInfo.outputPath(`previa-conteudo-${who.replace(' ', '-')}.png`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
