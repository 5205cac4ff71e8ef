import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ContentDetailPage } from '../pages/catalog-shell';
import { CoursePage } from '../pages/courses-shell';
import { activateSubscription, adminApi, newUser, type TestUser } from '../support/api';

/** A real 24-second WebM (VP9 + Opus, 128×72) of about 40 KB. */
const VIDEO = resolve(__dirname, '../fixtures/video-curto.webm');

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function uploadVideo(adm: APIRequestContext): Promise<string> {
  const upload = await adm.post('/api/admin/upload-video', { multipart: { video: { name: 'aula.webm', mimeType: 'video/webm', buffer: readFileSync(VIDEO) } } });
  expect(upload.status(), await upload.text()).toBe(201);
  return ((await upload.json()) as { url: string }).url;
}

/** An active subscriber, registered through the API. */
async function seedSubscriber(baseURL: string): Promise<TestUser> {
  const user = newUser('retomar');
  const api = await playwrightRequest.newContext({ baseURL });
  const adm = await adminApi(baseURL);
  try {
    const res = await api.post('/api/auth/register', { data: user });
    expect(res.ok(), await res.text()).toBeTruthy();
    const { id } = (await res.json()) as { id: string };
    await activateSubscription(adm, id);
  } finally {
    await api.dispose();
    await adm.dispose();
  }
  return user;
}

/** A fresh browser (a second device) with the user signed in. */
async function device(browser: Browser, user: TestUser, viewport: { width: number; height: number } | null): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport, isMobile: viewport.width < 600, hasTouch: viewport.width < 600 } : {});
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return page;
}

/** The next watch report the page sends (the pause's), and the server's answer to it. */
function nextReport(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForResponse((r) => r.request().method() === 'PUT' && /\/position$/.test(new URL(r.url()).pathname))
    .then(async (r) => {
      expect(r.status(), await r.text()).toBe(200);
      return (await r.json()) as Record<string, unknown>;
    });
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

test.describe('resume any video on any device; progress that means something', () => {
  test('@phone a video stopped on one device resumes on another, and "Continuar assistindo" shows it', async ({ page, browser, baseURL }, testInfo) => {
    test.slow();
    const title = `Vácuo e estanqueidade ${unique()}`;
    const adm = await adminApi(baseURL!);
    let contentId: number;
    try {
      const created = await adm.post('/api/admin/contents', { data: { title, video_file_url: await uploadVideo(adm), is_published: 1 } });
      expect(created.status()).toBe(201);
      contentId = ((await created.json()) as { id: number }).id;
    } finally {
      await adm.dispose();
    }
    const user = await seedSubscriber(baseURL!);
    const viewport = page.viewportSize();

    // First device: plays some seconds and pauses; the pause sends the report.
    const first = await device(browser, user, viewport);
    try {
      await first.goto(`/content/${contentId}`);
      const player = new ContentDetailPage(first);
      await player.play();
      await expect.poll(() => player.currentTime(), { timeout: 20_000 }).toBeGreaterThan(7);
      const report = nextReport(first);
      await player.click('Pausar');
      const saved = await report;
      expect(saved.position).toBeGreaterThan(7);
      expect(saved.duration).toBeGreaterThan(23);
      expect(saved.watched_fraction).toBeGreaterThan(0.25);
    } finally {
      await first.context().close();
    }

    // Second device: the row on /contents, then the offer to continue.
    const second = await device(browser, user, viewport);
    try {
      const position = (await (await second.request.get(`/api/contents/${contentId}/position`)).json()) as { position: number };
      await second.goto('/contents');
      const row = second.getByTestId('continue-contents');
      await expect(row.getByRole('heading', { name: 'Continuar assistindo' })).toBeVisible();
      const card = row.getByTestId('continue-card').filter({ hasText: title });
      await expect(card).toBeVisible();
      await expect(card.getByTestId('continue-time')).toHaveText(`${clock(position.position)} de 0:24`);
      await second.screenshot({ path: testInfo.outputPath('continuar-assistindo.png'), fullPage: false });
      await card.getByRole('link').click();
      await expect(second).toHaveURL(new RegExp(`/content/${contentId}$`));

      const player = new ContentDetailPage(second);
      const resume = second.getByRole('button', { name: `Continuar de ${clock(position.position)}` });
      await expect(resume).toBeVisible();
      await expect(second.getByRole('button', { name: 'Começar do início' })).toBeVisible();
      await second.screenshot({ path: testInfo.outputPath('continuar-de.png'), fullPage: false });
      await resume.click();
      await expect(second.getByTestId('resume-prompt')).toBeHidden();
      await expect.poll(() => player.currentTime()).toBeGreaterThanOrEqual(position.position);
      await expect.poll(async () => (await player.videoState()).paused).toBe(false);
    } finally {
      await second.context().close();
    }
  });

  test('@phone a lesson is completed only once most of it has been watched', async ({ page, baseURL }, testInfo) => {
    test.slow();
    const id = unique();
    const adm = await adminApi(baseURL!);
    let courseId: number;
    const lessonTitle = `Vácuo com bomba ${id}`;
    try {
      const course = await adm.post('/api/admin/courses', { data: { title: `Instalação de split ${id}`, description: 'Curso semeado pelo teste.' } });
      expect(course.ok(), await course.text()).toBeTruthy();
      courseId = ((await course.json()) as { id: number }).id;
      const video = await uploadVideo(adm);
      const lesson = await adm.post(`/api/admin/courses/${courseId}/lessons`, { data: { title: lessonTitle, video_file_url: video, duration_seconds: '0:24' } });
      expect(lesson.ok(), await lesson.text()).toBeTruthy();
      const other = await adm.post(`/api/admin/courses/${courseId}/lessons`, { data: { title: `Teste de estanqueidade ${id}`, youtube_video_id: 'M7lc1UVf-VE', duration_seconds: '12:30' } });
      expect(other.ok(), await other.text()).toBeTruthy();
    } finally {
      await adm.dispose();
    }
    const user = await seedSubscriber(baseURL!);
    const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
    expect(res.ok()).toBeTruthy();

    await page.goto(`/course/${courseId}`);
    const course = new CoursePage(page);
    const player = new ContentDetailPage(page);
    await expect(course.lesson(lessonTitle)).toHaveAttribute('aria-current', 'true');
    await course.expectProgress(0, 2);

    // Jumping to the last seconds and letting them play to the end does not complete the lesson.
    const progressOf = async () =>
      ((await (await page.request.get(`/api/courses/${courseId}/progress`)).json()) as { position: number | null; watched_fraction: number | null; completed: number }[])[0];
    await player.play();
    await player.video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 19;
    });
    await expect.poll(() => player.video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await progressOf())?.position ?? 0, { timeout: 10_000 }).toBeGreaterThan(23);
    const atTheEnd = await progressOf();
    expect(atTheEnd).toMatchObject({ completed: 0 });
    expect(atTheEnd!.watched_fraction).toBeLessThan(0.3);
    await course.expectProgress(0, 2);
    await expect(course.lesson(lessonTitle)).toHaveAttribute('data-completed', 'false');
    await expect(course.lesson(lessonTitle).getByTestId('lesson-watched')).toContainText('% assistido');

    // Watching it from the start (at 2×) does.
    await player.video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 0;
    });
    await player.chooseSpeed('2x');
    await player.click('Reproduzir');
    await expect.poll(async () => (await progressOf())?.completed, { timeout: 40_000, intervals: [1000] }).toBe(1);
    await course.expectProgress(1, 2);
    await expect(course.lesson(lessonTitle)).toHaveAttribute('data-completed', 'true');
    await page.screenshot({ path: testInfo.outputPath('licao-concluida.png'), fullPage: true });

    // The record stays after a reload.
    await page.reload();
    await course.expectProgress(1, 2);
    await expect(course.lesson(lessonTitle)).toHaveAttribute('data-completed', 'true');
    await expect(course.lesson(lessonTitle).getByTestId('lesson-watched')).toContainText(/(9\d|100)% assistido/);
  });
});
