import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { scannedPdf } from '../../services/manuals/src/scanned-pdf';
import { AdminLoginPage } from '../pages/admin-pages';
import { skipTrialDialog } from '../pages/billing-pages';
import { AdminManualsPage, ManualSearch, ManualsLibraryPage, ManualViewer } from '../pages/manuals-pages';
import { admin, newUser } from '../support/api';
import { axeViolations } from '../support/axe';
import { seedIndexedManual, setSubscription, type SeededManual } from '../support/manuals';

/**
 * Scanned manuals (issue 29): a PDF of page pictures, with no text at all, is read by OCR while it is
 * indexed; a code printed on its second page is found there, and the viewer marks it where OCR placed it.
 */

/** Each page's lines, drawn into the page picture (scanned-pdf.ts draws them from 110 px left, 200 px down, 70 px apart). */
const PAGES = [
  ['Manual de serviço digitalizado', 'Condicionador de ar split inverter', 'Leia todas as instruções antes da instalação.'],
  ['Tabela de códigos de erro', 'E4 - Falha de comunicação entre as unidades', 'P8 - Proteção de temperatura da placa'],
];

let manual: SeededManual;

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  manual = await seedIndexedManual(request, { title: `Manual Digitalizado ${id}`, manufacturer: `Scan ${id}`, model: `Antigo ${id}`, pages: PAGES, pdf: scannedPdf(PAGES) });
});

async function subscriber(page: Page, request: Parameters<typeof setSubscription>[0]): Promise<void> {
  await skipTrialDialog(page);
  const user = newUser('assinante');
  const res = await page.request.post('/api/auth/register', { data: { name: user.name, email: user.email, password: user.password } });
  expect(res.ok(), await res.text()).toBe(true);
  await setSubscription(request, ((await res.json()) as { id: string }).id, 'active');
}

const shot = async (page: Page, info: TestInfo, name: string) =>
  info.attach(`${name}-${info.project.name}`, { body: await page.screenshot(), contentType: 'image/png' });

test('a code printed on a scanned page is found on that page, and the viewer marks it where OCR placed it @phone', async ({ page, request }, info) => {
  await subscriber(page, request);
  await new ManualsLibraryPage(page).goto();
  const search = new ManualSearch(page);
  await search.search('E4');
  const hits = search.hits(manual.title);
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toContainText('Página 2');
  await expect(hits.first().locator('mark')).toHaveText(['E4']);

  await hits.first().click();
  await expect(page).toHaveURL(new RegExp(`/manuals/${manual.id}\\?page=2&q=E4$`));
  const viewer = new ManualViewer(page);
  await expect(viewer.renderedPage(2)).toBeVisible({ timeout: 20_000 });
  await expect(viewer.matchesLine).toHaveText('1 ocorrência de “E4” nesta página');
  const word = page.locator('[data-testid="pdf-page"] .ocrLayer span.manual-ocr-match');
  await expect(word).toHaveCount(1);
  await expect(word).toHaveText(/^E4\s*$/);
  await expect(word).toBeInViewport();
  // where the picture shows it: the second line of page 2, at the left margin (fractions of the page drawn)
  const frame = (await page.getByTestId('pdf-page').boundingBox())!;
  const box = (await word.boundingBox())!;
  const x = (box.x - frame.x) / frame.width;
  const y = (box.y - frame.y) / frame.height;
  expect(x).toBeGreaterThan(0.06);
  expect(x).toBeLessThan(0.12);
  expect(y).toBeGreaterThan(0.12);
  expect(y).toBeLessThan(0.18);
  expect(box.width / frame.width).toBeLessThan(0.06);
  await shot(page, info, 'ocr-visualizador');
  // WCAG 2.2 AA with the OCR layer over the page
  expect(await axeViolations(page)).toEqual([]);

  // page 1 has no E4: nothing marked
  await page.getByRole('button', { name: 'Página anterior' }).click();
  await expect(viewer.renderedPage(1)).toBeVisible();
  await expect(viewer.matchesLine).toHaveText('“E4” não aparece nesta página');
  await expect(page.locator('[data-testid="pdf-page"] .manual-ocr-match')).toHaveCount(0);
});

test('the admin list says the manual was read by OCR', async ({ page }, info) => {
  await new AdminLoginPage(page).goto();
  await new AdminLoginPage(page).login(admin.username, admin.password);
  const list = new AdminManualsPage(page);
  await list.goto();
  await list.search(manual.title);
  await expect(list.card(manual.title).getByTestId('admin-manual-text-status')).toHaveText('Texto reconhecido (OCR)');
  // the search has narrowed the list (after the other specs' manuals, the whole list is drawn first and fades out)
  await expect(page.getByTestId('admin-manual-card')).toHaveCount(1);
  expect(await axeViolations(page, '[data-testid="admin-manual-card"]')).toEqual([]);
  await shot(page, info, 'ocr-admin');
});
