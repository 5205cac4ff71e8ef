import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ContentDetailPage } from '../pages/catalog-shell';
import { adminApi, newUser } from '../support/api';
import { axeViolations } from '../support/axe';
import { setSubscription } from '../support/manuals';
import { uploadConverted } from '../support/test-video';

/**
 * Lessons offline (issue 28): 'Baixar para assistir offline' keeps the 360p MP4 and its captions on the
 * device; with the network cut the video plays and seeks from that copy (the service worker answers the
 * Range requests), 'Meus downloads' lists it, the watch reports made offline go when the network returns,
 * and the copy goes at the next online check once the subscription has ended.
 */

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
}

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}-${info.project.name}.png`), fullPage: true });
}

/** The addresses kept in the cache of the saved videos. */
function savedVideoUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('clima-videos-offline'))) return [];
    const cache = await caches.open('clima-videos-offline');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
}

/** Whether the centre play button is shown over the control row (their boxes intersect). */
function centreOverlapsControls(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const centre = document.querySelector('[data-testid="center-play"]');
    const row = document.querySelector('[data-testid="player-controls"]');
    if (!centre || !row) return false;
    const a = centre.getBoundingClientRect();
    if (a.width === 0 || a.height === 0) return false;
    const controls = Array.from(row.querySelectorAll('button, input')).map((el) => el.getBoundingClientRect()).filter((b) => b.width > 0);
    return controls.some((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
  });
}

test('@phone a video saved for offline plays and seeks with the network cut, is listed in "Meus downloads" and goes when the subscription ends', async ({ page, context, request, baseURL }, info) => {
  test.slow();
  const title = `Vácuo na prática ${Date.now().toString(36)}`;
  const adm = await adminApi(baseURL!);
  let courseId: number;
  try {
    const video = await uploadConverted(adm);
    const course = await adm.post('/api/admin/courses', { data: { title: `Instalação de split ${Date.now().toString(36)}`, description: 'Curso semeado pelo teste.' } });
    expect(course.ok(), await course.text()).toBeTruthy();
    courseId = ((await course.json()) as { id: number }).id;
    const lesson = await adm.post(`/api/admin/courses/${courseId}/lessons`, { data: { title, video_file_url: video, duration_seconds: '0:08' } });
    expect(lesson.ok(), await lesson.text()).toBeTruthy();
  } finally {
    await adm.dispose();
  }
  await skipTrialDialog(page);
  const user = newUser('offline');
  const res = await page.request.post('/api/auth/register', { data: { name: user.name, email: user.email, password: user.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const { id: userId } = (await res.json()) as { id: string };
  await setSubscription(request, userId, 'active');

  await page.goto(`/course/${courseId}`);
  await controlledByServiceWorker(page);
  const player = new ContentDetailPage(page);
  const download = page.getByTestId('offline-download');

  // the player's fix: at phone widths the big centre button never sits on the (wrapped) control row
  const viewport = page.viewportSize()!;
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(player.player.getByTestId('player-controls')).toHaveAttribute('data-visible', 'true');
    expect(await centreOverlapsControls(page), `${width} px`).toBe(false);
    await player.player.screenshot({ path: info.outputPath(`player-${width}px-${info.project.name}.png`) });
  }
  await page.setViewportSize(viewport);

  // the size first, then the download, announced
  await expect(download).toContainText(/Tamanho: (< )?\d+,\d MB/);
  expect(await axeViolations(page)).toEqual([]);
  await download.getByRole('button', { name: 'Baixar para assistir offline' }).click();
  await expect(download.getByRole('status')).toHaveText(`“${title}” foi baixado e pode ser assistido offline.`, { timeout: 30_000 });
  await expect(download).toContainText('Disponível offline neste aparelho');
  await expect(download.getByRole('button', { name: 'Remover download' })).toBeVisible();
  const saved = await savedVideoUrls(page);
  expect(saved.some((p) => p.endsWith('/offline.mp4'))).toBe(true);
  expect(saved.some((p) => p.endsWith('/captions.vtt'))).toBe(true);
  // the player now plays the copy, not the stream
  await expect.poll(async () => (await player.video.getAttribute('src')) ?? '').toMatch(/\/offline\.mp4$/);
  await shot(page, info, 'saved');

  const fromCache: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/offline.mp4') && r.fromServiceWorker()) fromCache.push(r.status());
  });

  await context.setOffline(true);
  try {
    // the lesson plays and seeks from the copy
    await player.play();
    await player.revealControls();
    await player.player.getByRole('slider', { name: 'Posição do vídeo' }).fill('6');
    await expect.poll(() => player.currentTime(), { timeout: 15_000 }).toBeGreaterThan(6);
    // played to its end (8 s): the report is made, and kept until the network returns
    await expect.poll(async () => (await player.videoState()).paused, { timeout: 15_000 }).toBe(true);
    expect(fromCache.length).toBeGreaterThan(0);
    expect(fromCache.every((s) => s === 206 || s === 200)).toBe(true);
    expect(fromCache).toContain(206);

    // 'Meus downloads', opened with no network
    await page.goto('/downloads');
    await expect(page.getByRole('heading', { level: 1, name: 'Meus downloads' })).toBeVisible();
    const item = page.getByTestId('saved-video').filter({ hasText: title });
    await expect(item).toHaveCount(1);
    await expect(page.getByTestId('downloads-usage')).toContainText(/\d+,\d MB usados/);
    await item.getByRole('button', { name: `Assistir: ${title}` }).click();
    const saved2 = new ContentDetailPage(page);
    await saved2.play();
    await saved2.revealControls();
    await saved2.player.getByRole('slider', { name: 'Posição do vídeo' }).fill('4');
    await expect.poll(() => saved2.currentTime(), { timeout: 15_000 }).toBeGreaterThan(4);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, info, 'downloads-offline');
  } finally {
    await context.setOffline(false);
  }

  // the report made offline on the lesson went out once the network returned
  await page.goto('/downloads');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/courses/${courseId}/progress`)).json()) as { position: number | null }[])[0]?.position ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(5);

  // the subscription ends: at the next online check the copy is removed
  await setSubscription(request, userId, 'canceled');
  await page.goto('/downloads');
  await expect(page.getByText('Nenhum vídeo baixado', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => savedVideoUrls(page)).toEqual([]);
});
