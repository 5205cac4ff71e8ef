import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, seedTestUser } from '../support/api';
import { axeViolations } from '../support/axe';
import { waitForMail } from '../support/mail';

/**
 * Issue 27, 'Dúvidas' under each lesson: a technician on a phone asks a question (with a photo) under a lesson,
 * an instructor answers from the admin panel's API, the technician sees 'Resposta do instrutor' and gets the
 * e-mail. A question written as HTML shows as the text typed.
 */

const VIDEO = resolve(__dirname, '../fixtures/video-curto.webm');
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const XSS = '<img src=x onerror="window.__xss=1"> Pode usar nitrogênio para o teste de estanqueidade?';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function seedLesson(baseURL: string): Promise<{ courseId: number; lessonId: number; lesson: string }> {
  const adm = await adminApi(baseURL);
  try {
    const tag = unique();
    const post = async (api: APIRequestContext, path: string, data: object) => {
      const res = await api.post(path, { data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return (await res.json()) as { id: number };
    };
    const upload = await adm.post('/api/admin/upload-video', { multipart: { video: { name: 'aula.webm', mimeType: 'video/webm', buffer: readFileSync(VIDEO) } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const video = ((await upload.json()) as { url: string }).url;
    const course = await post(adm, '/api/admin/courses', { title: `Vácuo e estanqueidade ${tag}`, description: 'Teste de pressão com nitrogênio e vácuo em mícrons.', is_published: 1 });
    const lesson = `Teste de estanqueidade ${tag}`;
    const created = await post(adm, `/api/admin/courses/${course.id}/lessons`, { title: lesson, description: 'Pressurização com nitrogênio seco.', video_file_url: video, duration_seconds: '0:24' });
    return { courseId: course.id, lessonId: created.id, lesson };
  } finally {
    await adm.dispose();
  }
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

test.describe('Dúvidas under each lesson', () => {
  test('@phone a technician asks with a photo at 390 px and sees the instructor reply; HTML shows as text', async ({ page, baseURL }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { courseId, lesson } = await seedLesson(baseURL!);
    const user = await seedTestUser(baseURL!, 'duvidas', true);
    const signIn = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
    expect(signIn.ok(), await signIn.text()).toBe(true);

    await page.goto(`/course/${courseId}`);
    await expect(page.getByTestId('lesson-title')).toHaveText(lesson);
    const section = page.getByRole('region', { name: /Dúvidas/ });
    await expect(section.getByText('Nenhuma dúvida nesta aula ainda')).toBeVisible();

    // keyboard only: the text, the photo, then send
    await section.getByLabel('Sua dúvida').fill(XSS);
    await section.getByLabel('Foto (opcional)').setInputFiles({ name: 'manometro.png', mimeType: 'image/png', buffer: PNG });
    await section.getByRole('button', { name: 'Enviar dúvida' }).focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('status')).toHaveText('Dúvida enviada.');
    const question = section.getByTestId('question');
    await expect(question).toHaveCount(1);
    await expect(question.getByTestId('question-body')).toHaveText(XSS);
    await expect(question.getByRole('img', { name: 'Foto enviada com a dúvida' })).toBeVisible();
    await expect(question.locator('img[src="x"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(question.getByRole('button', { name: 'Editar' })).toBeVisible();

    // every touch target of the section is at least 44 px high on the phone
    for (const button of await section.locator('button, label:has(input[type=file])').all()) {
      const box = await button.boundingBox();
      expect(box!.height, await button.innerText()).toBeGreaterThanOrEqual(44);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('duvida-enviada-390.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // an instructor answers (the admin panel's call)
    const adm = await adminApi(baseURL!);
    try {
      const list = await adm.get('/api/admin/lesson-questions');
      const mine = ((await list.json()) as { questions: { id: number; body: string }[] }).questions.find((q) => q.body === XSS)!;
      expect(mine).toBeTruthy();
      const reply = await adm.post(`/api/admin/lesson-questions/${mine.id}/replies`, { data: { body: 'Pode sim: pressurize com nitrogênio seco até a pressão de teste do fabricante e acompanhe por 30 minutos.' } });
      expect(reply.status(), await reply.text()).toBe(201);
    } finally {
      await adm.dispose();
    }

    await page.reload();
    const answered = page.getByRole('region', { name: /Dúvidas/ }).getByTestId('question');
    await expect(answered.getByText('Respondida')).toBeVisible();
    const reply = answered.getByTestId('reply');
    await expect(reply.getByTestId('instructor-badge')).toHaveText('Resposta do instrutor');
    await expect(reply.getByTestId('reply-body')).toContainText('nitrogênio seco');

    // the asker marks it as the answer
    await reply.getByRole('button', { name: 'Marcar como resposta' }).click();
    await expect(answered.getByTestId('reply').first()).toHaveAttribute('data-accepted', 'true');
    await expect(answered.getByText('Resposta aceita')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('resposta-instrutor-390.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const mail = await waitForMail(user.email, /Nova resposta à sua dúvida/);
    expect(mail.text).toContain('O instrutor');
    expect(mail.text).toContain(`/course/${courseId}?lesson=`);

    // the same screen on a desktop
    await page.setViewportSize({ width: 1280, height: 800 });
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('duvidas-desktop.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});
