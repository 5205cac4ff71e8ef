import { expect, test, type Page } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ShellPage } from '../pages/shell-page';
import { registerUser } from '../support/api';

/**
 * The installable app (issue 16): the manifest and its icons, the service worker that precaches the shell
 * and answers navigations with it, so that / and /contents open without network (with the offline
 * banner and the last known session), while the admin remote, the API and the server's own pages are
 * never answered or kept by it.
 */

const OFFLINE_TEXT = 'Você está sem conexão. Alguns recursos ficam indisponíveis.';

interface Manifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'PNG signature').toBe(true);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker has installed (the shell is precached) and controls this page. */
async function controlledByServiceWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Every URL in every cache the page's origin holds. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

test('the manifest is served, in Portuguese, with icons that load @phone', async ({ page }) => {
  await skipTrialDialog(page);
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Clima Pro',
    short_name: 'Clima Pro',
    lang: 'pt-BR',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0369a1',
    background_color: '#f8fafc',
  });
  expect(manifest.description).toMatch(/técnicos de ar-condicionado e refrigeração/);

  for (const [size, purpose] of [
    [192, 'any'],
    [512, 'any'],
    [512, 'maskable'],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').split(' ').includes(purpose));
    expect(icon, `${size}px ${purpose}`).toBeTruthy();
    const png = await page.request.get(icon!.src);
    expect(png.status(), icon!.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body())).toEqual({ width: size, height: size });
  }

  const sw = await page.request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toContain('application/javascript');
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('the service worker registers and controls the page @phone', async ({ page }) => {
  await skipTrialDialog(page);
  await page.goto('/');
  expect(await controlledByServiceWorker(page)).toMatch(/\/sw\.js$/);
  // the shell is precached: its page and the script that starts it
  const urls = await cachedUrls(page);
  expect(urls.some((u) => u.endsWith('/index.html') || u.includes('/index.html?'))).toBe(true);
  const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
  expect(urls.some((u) => new URL(u).pathname === entry)).toBe(true);
});

test('without network, / and /contents open the shell with the offline banner and the last session @phone', async ({ page, context }) => {
  await skipTrialDialog(page);
  const user = await registerUser(page.request);
  const shell = new ShellPage(page);
  await page.goto('/');
  await shell.expectSignedIn(user);
  await controlledByServiceWorker(page);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('link', { name: /Clima\s*Pro/ }).first()).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveText(OFFLINE_TEXT);
    // the last known session, read-only
    await shell.expectSignedIn(user);

    await page.goto('/contents');
    await expect(page.getByTestId('offline-banner')).toHaveText(OFFLINE_TEXT);
    // the screen's own chunk came from the precache too
    await expect(page.getByRole('heading', { name: 'Conteúdos', level: 1 })).toBeVisible();
    await shell.expectSignedIn(user);
    // the list needs the network: an empty list (spec 7.2) that says so and points to the manuals kept offline
    await expect(page.getByText('Nenhum conteúdo disponível')).toBeVisible();
    await expect(page.getByText(/Sem conexão, os vídeos não carregam/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abrir meus manuais offline' })).toHaveAttribute('href', '/manuals');
  } finally {
    await context.setOffline(false);
  }
  // back online: the banner goes, the server is asked again
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await shell.expectSignedIn(user);
});

test('an anonymous visitor offline gets the shell too, signed out @phone', async ({ page, context }) => {
  await skipTrialDialog(page);
  const shell = new ShellPage(page);
  await page.goto('/contents');
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toHaveText(OFFLINE_TEXT);
    await shell.expectSignedOut();
  } finally {
    await context.setOffline(false);
  }
});

test('the admin remote, the API and the server pages are never answered or kept by the service worker @phone', async ({ page, context }) => {
  await skipTrialDialog(page);
  await page.goto('/');
  await controlledByServiceWorker(page);
  // the admin panel loads its remote through the network
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
  await controlledByServiceWorker(page);
  const urls = await cachedUrls(page);
  expect(urls.length).toBeGreaterThan(10);
  expect(urls.filter((u) => new URL(u).pathname.startsWith('/admin-remote/'))).toEqual([]);
  expect(urls.filter((u) => new URL(u).pathname.startsWith('/api/'))).toEqual([]);

  await context.setOffline(true);
  try {
    for (const path of ['/admin', '/admin/contents', '/api/docs', '/certificados/abc']) {
      await expect(page.goto(path), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    }
  } finally {
    await context.setOffline(false);
  }
});
