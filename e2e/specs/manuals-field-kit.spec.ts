import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ManualSearch, ManualsLibraryPage, ManualViewer, OfflineManualsSection } from '../pages/manuals-pages';
import { newUser } from '../support/api';
import { seedIndexedManual, setSubscription, type SeededManual } from '../support/manuals';

/**
 * The technician's field kit on /manuals (issue 16): search a fault code inside the manuals, open the
 * manual at that page in the in-app viewer with the match marked, and keep manuals offline to open and
 * search them with no network.
 */

/** A manual whose code E4 is on page 3 only; page 2 has E40, which must not match. */
const PAGES = [
  ['Manual de serviço', 'Índice e segurança'],
  ['Tabela de códigos', 'E40 falha de comunicação entre as unidades'],
  ['Diagnóstico', 'Código E4: falha no sensor de degelo', 'Verifique o sensor e o chicote.'],
  ['Manutenção preventiva', 'Limpeza dos filtros e da serpentina.'],
];

let manual: SeededManual;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  manual = await seedIndexedManual(request, { title: `Split Inverter ${id}`, manufacturer: `Marca ${id}`, model: `Linha ${id}`, pages: PAGES });
});

/** A signed-in end user in this page's browser, with an active subscription or not. */
async function signedInUser(page: Page, request: Parameters<typeof setSubscription>[0], active: boolean): Promise<string> {
  await skipTrialDialog(page);
  const user = newUser(active ? 'assinante' : 'inativo');
  const res = await page.request.post('/api/auth/register', { data: { name: user.name, email: user.email, password: user.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: string };
  if (active) await setSubscription(request, id, 'active');
  return id;
}

/** A screenshot kept with the test's results (the whole page, or the window for the full-screen viewer). */
async function shot(page: Page, info: TestInfo, name: string, fullPage = true): Promise<void> {
  await info.attach(`${name}-${info.project.name}`, { body: await page.screenshot({ fullPage }), contentType: 'image/png' });
}

/** Two fingers on the viewer moving from `from` to `to` pixels apart (touch events, as a phone sends them). */
async function pinch(page: Page, from: number, to: number): Promise<void> {
  const box = (await page.getByTestId('viewer-scroller').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 3;
  const fingers = (gap: number) => [
    { x: cx - gap / 2, y: cy, id: 1 },
    { x: cx + gap / 2, y: cy, id: 2 },
  ];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let step = 1; step <= 6; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(from + ((to - from) * step) / 6) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** How many entries the browser keeps offline for the manuals (IndexedDB), read as the app stores them. */
async function offlineEntries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('clima-manuais-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('copias')) return resolve(0);
          const count = db.transaction('copias').objectStore('copias').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** The service worker has precached the app (every chunk, pdf.js and its worker included) and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
}

test('a subscriber searches a code and the viewer opens at its page with the match marked @phone', async ({ page, request }, info) => {
  await signedInUser(page, request, true);
  const library = new ManualsLibraryPage(page);
  await library.goto();
  const search = new ManualSearch(page);
  await search.search('e 4');

  // only page 3 holds E4 (E40 on page 2 is another code)
  const hits = search.hits(manual.title);
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toContainText('Página 3');
  await expect(hits.first().locator('mark')).toHaveText(['E4']);
  await expect(search.result(manual.title)).toContainText(`${manual.manufacturer} · ${manual.model}`);
  await expect(page).toHaveURL(/[?&]q=e\+4/);
  await page.getByTestId('search-summary').scrollIntoViewIfNeeded();
  await shot(page, info, 'busca', false);

  // nothing found: said plainly
  await search.search('ZX987');
  await expect(page.getByText('Nenhum resultado para “ZX987”')).toBeVisible();
  await search.search('e 4');
  await expect(search.hits(manual.title)).toHaveCount(1);

  // the manufacturer filter applies to the search
  await library.manufacturer.selectOption({ label: manual.manufacturer });
  await expect(search.hits(manual.title)).toHaveCount(1);
  await library.manufacturer.selectOption({ label: 'Samsung' });
  await expect(search.result(manual.title)).toHaveCount(0);
  await library.manufacturer.selectOption({ label: manual.manufacturer });

  await search.hits(manual.title).first().click();
  await expect(page).toHaveURL(new RegExp(`/manuals/${manual.id}\\?page=3&q=e\\+4$`));
  const viewer = new ManualViewer(page);
  await expect(page.getByRole('heading', { name: manual.title, level: 1 })).toBeVisible();
  await expect(viewer.renderedPage(3)).toBeVisible({ timeout: 20_000 });
  await expect(viewer.pageStatus).toHaveText('Página 3 de 4');
  await expect(viewer.matches()).toHaveText(['E4']);
  await expect(viewer.matches().first()).toBeInViewport();
  await expect(viewer.matchesLine).toHaveText('1 ocorrência de “e 4” nesta página');
  await shot(page, info, 'visualizador', false);

  // pages and zoom
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(viewer.renderedPage(4)).toBeVisible();
  await expect(viewer.pageStatus).toHaveText('Página 4 de 4');
  await expect(viewer.matchesLine).toHaveText('“e 4” não aparece nesta página');
  await expect(page.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  await page.getByLabel('Ir para a página').fill('2');
  await page.getByLabel('Ir para a página').press('Enter');
  await expect(viewer.renderedPage(2)).toBeVisible();
  const width = async () => (await page.getByTestId('pdf-page').boundingBox())!.width;
  const before = await width();
  await page.getByRole('button', { name: 'Aumentar zoom' }).click();
  await expect.poll(width).toBeGreaterThan(before * 1.2);

  // on a touch screen, two fingers spread apart zoom in
  if (info.project.use.hasTouch) {
    const zoomed = await width();
    await pinch(page, 60, 180);
    await expect.poll(width).toBeGreaterThan(zoomed * 2);
    await expect(viewer.renderedPage(2)).toBeVisible();
    await shot(page, info, 'visualizador-zoom', false);
  }

  // back to the same results
  await viewer.back();
  await expect(page).toHaveURL(/\/manuals\?q=e\+4$/);
  await expect(search.hits(manual.title)).toHaveCount(1);
});

test('a user without an active subscription sees the pages but gets the subscription dialog on a hit @phone', async ({ page, request }) => {
  await signedInUser(page, request, false);
  const library = new ManualsLibraryPage(page);
  await library.goto();
  const search = new ManualSearch(page);
  await search.search('E4');
  const hit = search.hits(manual.title);
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText('Página 3');
  await expect(hit).toContainText('Trecho disponível para assinantes');
  await expect(hit.locator('mark')).toHaveCount(0);
  await hit.click();
  await expect(page.getByRole('dialog', { name: /^(Experimente \d+ dias grátis|Assine o Clima Pro)$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/manuals\?q=E4$/);
});

test('a visitor searching is asked to sign in', async ({ page }) => {
  await skipTrialDialog(page);
  await new ManualsLibraryPage(page).goto();
  await new ManualSearch(page).search('E4');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
});

test('a manual kept offline opens and is searched with no network, and goes when the subscription ends @phone', async ({ page, context, request }, info) => {
  test.setTimeout(120_000);
  const userId = await signedInUser(page, request, true);
  const library = new ManualsLibraryPage(page);
  await library.goto();
  await controlledByServiceWorker(page);

  await library.search(manual.title);
  const card = library.card(manual.title);
  await expect(card).toHaveCount(1);
  const toggle = card.getByRole('switch', { name: 'Disponível offline' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(card.getByRole('status')).toHaveText(`“${manual.title}” está disponível offline.`);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  const offline = new OfflineManualsSection(page);
  await offline.open();
  await expect(offline.card(manual.title)).toBeVisible();
  await expect(offline.card(manual.title)).toContainText('4 páginas');
  await expect(offline.usage).toContainText(/\d+,\d MB usados/);

  await context.setOffline(true);
  try {
    await page.goto('/manuals');
    await expect(page.getByText('Sem conexão', { exact: true })).toBeVisible();
    await expect(offline.card(manual.title)).toBeVisible();
    await shot(page, info, 'offline');

    const search = new ManualSearch(page, 'Buscar código de erro ou termo nos manuais offline');
    await search.search('E4');
    await expect(search.hits(manual.title)).toHaveCount(1);
    await expect(search.hits(manual.title)).toContainText('Página 3');
    await expect(search.hits(manual.title).locator('mark')).toHaveText(['E4']);
    await search.search('sensores degelo');
    await expect(search.hits(manual.title)).toHaveCount(1);
    await expect(search.hits(manual.title).locator('mark')).toHaveText(['sensor', 'degelo', 'sensor']);
    await search.search('E4');
    await expect(search.hits(manual.title).locator('mark')).toHaveText(['E4']);
    await shot(page, info, 'offline-busca');

    await search.hits(manual.title).click();
    const viewer = new ManualViewer(page);
    await expect(viewer.renderedPage(3)).toBeVisible({ timeout: 20_000 });
    await expect(viewer.matches()).toHaveText(['E4']);
    await expect(viewer.offlineSwitch).toHaveAttribute('aria-checked', 'true');
    await viewer.back();
    await expect(offline.card(manual.title).or(search.hits(manual.title))).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // the subscription ends: at the next online check the copies are dropped
  expect(await offlineEntries(page)).toBeGreaterThan(0);
  await setSubscription(request, userId, 'canceled');
  await page.goto('/manuals');
  await expect(page.getByText('Acesso aos Manuais Técnicos')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Meus manuais offline/ })).toHaveCount(0);
  await expect.poll(() => offlineEntries(page)).toBe(0);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText('Sem conexão', { exact: true })).toBeVisible();
    await expect(page.getByText('Nenhum manual offline', { exact: true })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('removing a manual kept offline frees its space', async ({ page, request }) => {
  await signedInUser(page, request, true);
  const library = new ManualsLibraryPage(page);
  await library.goto();
  await library.search(manual.title);
  await library.card(manual.title).getByRole('button', { name: `Abrir ${manual.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/manuals/${manual.id}\\?page=1$`));
  const viewer = new ManualViewer(page);
  await expect(viewer.renderedPage(1)).toBeVisible({ timeout: 20_000 });
  // the viewer keeps the bytes it already has
  await viewer.offlineSwitch.click();
  await expect(viewer.offlineSwitch).toHaveAttribute('aria-checked', 'true');

  await page.goto('/manuals?aba=offline');
  const offline = new OfflineManualsSection(page);
  await expect(offline.card(manual.title)).toBeVisible();
  await expect(offline.usage).not.toContainText(/^0,0 MB usados/);
  await offline.card(manual.title).getByRole('button', { name: `Remover ${manual.title} deste aparelho` }).click();
  await expect(page.getByText('Nenhum manual offline', { exact: true })).toBeVisible();
  await expect(offline.usage).toContainText('0,0 MB usados');
});
