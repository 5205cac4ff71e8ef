import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { AdminLoginPage } from '../pages/admin-pages';
import { AdminCategoriesPage, AdminContentsPage } from '../pages/catalog-admin';
import { ContentDetailPage, ContentsPage } from '../pages/catalog-shell';
import { admin, newUser } from '../support/api';

/** A real 24-second WebM (VP9 + Opus, 128×72) of about 40 KB. */
const VIDEO = resolve(__dirname, '../fixtures/video-curto.webm');
const VIDEO_BYTES = 40185;

/** Registers an end user through the API and, when asked, makes them an active subscriber as an admin. */
async function seedUser(request: APIRequestContext, active: boolean) {
  const user = newUser(active ? 'assinante' : 'gratuito');
  const res = await request.post('/api/auth/register', { data: { name: user.name, email: user.email, password: user.password } });
  expect(res.status()).toBe(201);
  const me = (await res.json()) as { id: string };
  if (active) {
    expect((await request.post('/api/admin/auth/login', { data: admin })).ok()).toBe(true);
    const put = await request.put(`/api/admin/users/${encodeURIComponent(me.id)}`, { data: { subscription_status: 'active', subscription_plan: 'monthly', is_admin: false } });
    expect(put.ok()).toBe(true);
  }
  return user;
}

/** Signs a browser context in through the API (its pages share the cookies). */
async function signIn(context: BrowserContext, user: { email: string; password: string }) {
  const res = await context.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
  expect(res.ok()).toBe(true);
}

/** Creates a published content with an uploaded video through the API. */
async function seedUploadedContent(request: APIRequestContext, title: string): Promise<{ id: number; fileUrl: string }> {
  expect((await request.post('/api/admin/auth/login', { data: admin })).ok()).toBe(true);
  const upload = await request.post('/api/admin/upload-video', {
    multipart: { video: { name: 'video.webm', mimeType: 'video/webm', buffer: readFileSync(VIDEO) } },
  });
  expect(upload.status()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const created = await request.post('/api/admin/contents', { data: { title, video_file_url: url, is_published: 1 } });
  expect(created.status()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, fileUrl: url };
}

test.describe('catalog: contents, categories, upload and player', () => {

  test('admin uploads and publishes a video; a subscriber finds it without accents, plays and seeks it; the views go up', async ({ page, request, browser }) => {
    // A long path through two apps and a real upload and playback: more time than a single screen test.
    test.slow();
    const id = Date.now().toString(36);
    const categoryName = `Refrigeração Comercial ${id}`;
    const title = `Recuperação de gás R-410A ${id}`;
    const subscriber = await seedUser(request, true);

    // The administrator creates the category and the content with an uploaded file, as a draft.
    const login = new AdminLoginPage(page);
    await login.goto();
    await login.login(admin.username, admin.password);
    const categories = new AdminCategoriesPage(page);
    await categories.goto();
    const slug = await categories.create(categoryName, 'Câmaras frias, balcões e expositores.');
    expect(slug).toBe(`refrigeracao-comercial-${id}`);
    await expect(categories.card(categoryName).getByText(`/${slug}`)).toBeVisible();

    const contents = new AdminContentsPage(page);
    await contents.goto();
    await contents.openCreateForm();
    await contents.fillDetails({
      title,
      description: 'Recolhimento do fluido para o cilindro com a máquina recolhedora, passo a passo.',
      category: categoryName,
      tags: 'recolhimento, R-410A, , manifold, cilindro',
    });
    await contents.chooseFileMode();
    // Only video files are accepted (spec section 5).
    await contents.pickFile({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 não é um vídeo') });
    await expect(contents.dialog.getByRole('alert')).toHaveText('Por favor, selecione apenas arquivos de vídeo');
    await contents.uploadVideo(VIDEO);
    await contents.submitCreate();

    const card = contents.card(title);
    await expect(card).toBeVisible();
    await expect(card.getByText(categoryName)).toBeVisible();
    await expect(card.getByText('Arquivo de vídeo enviado')).toBeVisible();
    await expect(card.getByText('+1')).toBeVisible();
    await contents.publish(title);

    // An active subscriber, in a browser of their own, finds it by searching without accents.
    const context = await browser.newContext();
    try {
      await signIn(context, subscriber);
      const subscriberPage = await context.newPage();
      const list = new ContentsPage(subscriberPage);
      await list.goto();
      await expect(subscriberPage.getByText('PREMIUM', { exact: true })).toBeVisible();
      await list.search(`recuperacao de gas r-410a ${id}`);
      await expect(list.card(title)).toHaveCount(1);
      await list.expectViews(title, '0');
      await expect(list.card(title).getByText(categoryName)).toBeVisible();

      const played: { url: string; status: number }[] = [];
      subscriberPage.on('response', (r) => {
        if (r.url().includes('/api/files/videos/') || r.url().includes('/media/')) played.push({ url: r.url(), status: r.status() });
      });
      await list.watch(title);
      const detail = new ContentDetailPage(subscriberPage);
      await expect(subscriberPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(detail.aboutViews()).toHaveText('1');
      await expect(subscriberPage.getByText('Sobre este conteúdo')).toBeVisible();

      // Plays, seeks 10 s forward, changes speed and volume.
      await detail.play();
      await detail.click('Avançar 10 segundos');
      await expect.poll(() => detail.currentTime()).toBeGreaterThanOrEqual(10);
      await detail.chooseSpeed('1,5x');
      expect((await detail.videoState()).playbackRate).toBe(1.5);
      await detail.revealControls();
      await detail.player.getByRole('slider', { name: 'Volume' }).focus();
      await subscriberPage.keyboard.press('ArrowLeft');
      await expect.poll(async () => (await detail.videoState()).volume).toBeCloseTo(0.9, 5);
      await detail.click('Voltar 10 segundos');
      await expect.poll(() => detail.currentTime()).toBeLessThan(10);
      await detail.click('Pausar');
      await expect.poll(async () => (await detail.videoState()).paused).toBe(true);
      // The controls stay while paused, and hide 3 s after playback starts again.
      await detail.click('Reproduzir');
      await subscriberPage.mouse.move(1, 1);
      await expect(detail.player.getByTestId('player-controls')).toHaveAttribute('data-visible', 'false');

      // The player read the video in parts: the converted stream's segments (issue 28), or the original file with
      // range requests while its conversion is still running; the original always answers a ranged read.
      expect(played.some((r) => r.status === 206 || /\/\d+p_\d+\.ts$/.test(r.url))).toBe(true);
      const name = played.map((r) => /\/api\/files\/videos\/([0-9a-f]{32}\.\w+)/.exec(r.url)?.[1]).find(Boolean);
      expect(name).toBeTruthy();
      const src = `/api/files/videos/${name}`;
      const part = await subscriberPage.evaluate(async (url) => {
        const res = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
        return { status: res.status, range: res.headers.get('content-range'), length: (await res.arrayBuffer()).byteLength };
      }, src);
      expect(part).toEqual({ status: 206, range: `bytes 1000-1999/${VIDEO_BYTES}`, length: 1000 });

      // Back on the list, the card counts the view.
      await subscriberPage.getByRole('link', { name: 'Voltar aos conteúdos' }).click();
      await list.search(`recuperacao ${id}`);
      await list.expectViews(title, '1');
    } finally {
      await context.close();
    }
  });

  test('visitors see the marketing page and "Acesso Restrito"; users without a plan see "Assinatura Necessária" @phone', async ({ browser, request }) => {
    const title = `Carga de fluido por pressão ${Date.now().toString(36)}`;
    const { id: contentId, fileUrl } = await seedUploadedContent(request, title);
    const free = await seedUser(request, false);

    const visitor = await browser.newContext();
    try {
      const page = await visitor.newPage();
      const list = new ContentsPage(page);
      await list.goto();
      await page.getByRole('button', { name: 'Acessar Conteúdos' }).click();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.goto(`/content/${contentId}`);
      await expect(page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();
      await expect(page.getByTestId('file-video-player')).toHaveCount(0);
      expect((await visitor.request.get(fileUrl)).status()).toBe(401);
    } finally {
      await visitor.close();
    }

    const context = await browser.newContext();
    try {
      await signIn(context, free);
      const page = await context.newPage();
      const list = new ContentsPage(page);
      await list.goto();
      await list.dismissTrialDialog();
      await expect(page.getByRole('button', { name: 'Assinar Agora' })).toBeVisible();
      await list.search(title);
      await expect(list.card(title)).toHaveCount(1);
      await list.watch(title);
      await expect(page.getByRole('heading', { name: 'Assinatura Necessária' })).toBeVisible();
      await expect(page.getByTestId('file-video-player')).toHaveCount(0);
      // The content and its file are refused by the server too.
      expect((await context.request.get(`/api/contents/${contentId}`)).status()).toBe(403);
      expect((await context.request.get(fileUrl)).status()).toBe(403);
      await page.getByRole('link', { name: 'Ver planos' }).click();
      await expect(page).toHaveURL(/\/subscription$/);
    } finally {
      await context.close();
    }
  });
});
