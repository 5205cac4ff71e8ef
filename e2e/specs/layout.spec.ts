import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { admin, registerUser, seedTestUser } from '../support/api';
import { ShellPage } from '../pages/shell-page';

/**
 * Every page fits the viewport: nothing wider than the screen, no button pushed past its edge (the
 * phone run measures 390 px, where /admin/contents and /admin/categories once grew to 405 and 421 px
 * with their delete buttons cut). And an anonymous visit logs no console error.
 */

const id = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function post(request: APIRequestContext, path: string, data: object): Promise<{ id: number }> {
  const res = await request.post(path, { data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as { id: number };
}

/** One row on every admin list, with the long names a real catalogue has. */
async function seedCatalogue(request: APIRequestContext): Promise<{ courseId: number }> {
  const tag = id();
  const category = await post(request, '/api/admin/categories', {
    name: `Refrigeração comercial e industrial de grande porte ${tag}`,
    description: 'Câmaras frias, balcões expositores, centrais de refrigeração e sistemas com fluido R-290 em supermercados.',
  });
  await post(request, '/api/admin/contents', {
    title: `Diagnóstico de compressores scroll inverter com superaquecimento elevado ${tag}`,
    description: 'Leitura de pressões, superaquecimento e sub-resfriamento passo a passo.',
    category_id: category.id,
    tags: ['compressor', 'inverter', 'diagnóstico', 'superaquecimento'],
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    is_published: 1,
  });
  const courseCategory = await post(request, '/api/admin/course-categories', {
    name: `Instalação de sistemas VRF e multi-split residenciais ${tag}`,
    description: 'Da escolha da tubulação ao comissionamento.',
  });
  const course = await post(request, '/api/admin/courses', {
    title: `Comissionamento completo de sistemas VRF com recuperação de calor ${tag}`,
    description: 'Vácuo, carga adicional, endereçamento e teste de operação.',
    course_category_id: courseCategory.id,
  });
  await post(request, `/api/admin/courses/${course.id}/lessons`, {
    title: 'Endereçamento automático e manual das unidades internas e externas',
    description: 'Como evitar conflitos de endereço na rede de comunicação.',
    youtube_video_id: 'M7lc1UVf-VE',
    duration_seconds: '12:30',
  });
  await post(request, '/api/admin/manuals', {
    title: `Manual de instalação e serviço da linha inverter de alta capacidade ${tag}`,
    manufacturer_name: `Fabricante Internacional de Climatização ${tag}`,
    model_name: `MODELO-INVERTER-60000-BTU-${tag}`,
    file_url: 'https://exemplo.com.br/manuais/instalacao-inverter.pdf',
    description: 'Tabela de códigos de erro e esquema elétrico.',
  });
  return { courseId: course.id };
}

/** The page's widest point and every visible button past the right edge (outside scrollable strips). */
async function overflow(page: Page): Promise<{ width: number; cut: string[] }> {
  // the configured width, not innerWidth: a phone browser widens its layout viewport to fit the page
  const viewport = page.viewportSize()!.width;
  return page.evaluate((viewport) => {
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const x = getComputedStyle(e).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    const cut = [...document.querySelectorAll('button, a')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > viewport + 0.5 && !scrolls(el.parentElement);
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
    return { width: document.documentElement.scrollWidth, cut };
  }, viewport);
}

async function expectFits(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const got = await overflow(page);
  expect({ path, width: got.width, cut: got.cut }).toEqual({ path, width: page.viewportSize()!.width, cut: [] });
}

test('every admin page fits the screen @phone', async ({ page }) => {
  test.setTimeout(120_000);
  const login = await page.request.post('/api/admin/auth/login', { data: admin });
  expect(login.ok()).toBe(true);
  const { courseId } = await seedCatalogue(page.request);
  for (const path of [
    '/admin/dashboard',
    '/admin/users',
    '/admin/contents',
    '/admin/categories',
    '/admin/course-categories',
    '/admin/courses',
    `/admin/courses/${courseId}`,
    '/admin/manuals',
    '/admin/administrators',
    '/admin/audit',
  ]) {
    await expectFits(page, path);
  }
});

test("every page of the technician's app fits the screen @phone", async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const user = await registerUser(page.request);
  const session = (await (await page.request.get('/api/session')).json()) as { user: { id: string; email: string } };
  expect(session.user.email).toBe(user.email);
  // an active subscriber sees the most: plan box, contents, manuals
  const adminApi = await playwright.request.newContext({ baseURL });
  try {
    expect((await adminApi.post('/api/admin/auth/login', { data: admin })).ok()).toBe(true);
    const put = await adminApi.put(`/api/admin/users/${encodeURIComponent(session.user.id)}`, { data: { subscription_status: 'active', subscription_plan: 'monthly' } });
    expect(put.ok(), await put.text()).toBe(true);
  } finally {
    await adminApi.dispose();
  }
  await skipTrialDialog(page);
  for (const path of ['/', '/contents', '/manuals', '/ranking', '/subscription', '/profile']) {
    await expectFits(page, path);
  }
});

test("a long name and e-mail stay inside the desktop header's one line", async ({ page, baseURL }) => {
  // the header is 64 px high; the user block once wrapped both to four lines and hung 36 px below it, over the page
  const tag = id();
  const user = await seedTestUser(baseURL!, 'longo', true, {
    name: 'Maria Aparecida dos Santos Figueiredo de Albuquerque',
    email: `maria.aparecida.figueiredo.albuquerque.${tag}@refrigeracaoindustrial.com.br`,
    password: `senha-${tag}`,
  });
  expect((await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } })).ok()).toBe(true);
  await skipTrialDialog(page);
  const shell = new ShellPage(page);
  await shell.goto('/');
  // the whole name and e-mail are still the block's text (screen readers read them) and its tooltip
  await shell.expectSignedIn(user);
  await shell.expectProBadge();
  const block = shell.userBlock();
  await expect(block.getByTestId('user-email')).toHaveAttribute('title', user.email);
  await expect(block.getByTestId('user-name')).toHaveAttribute('title', user.name);
  const header = (await page.locator('header').first().boundingBox())!;
  for (const part of [block, block.getByTestId('pro-badge'), block.getByRole('button', { name: 'Sair' })]) {
    const box = (await part.boundingBox())!;
    expect({ top: box.y >= header.y, bottom: box.y + box.height <= header.y + header.height }).toEqual({ top: true, bottom: true });
  }
  await page.screenshot({ path: test.info().outputPath('header-long-name.png') });
});

/** What the browser logs as errors while a page loads and settles. */
async function consoleErrors(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return errors;
}

test('an anonymous visit to / logs no console error @phone', async ({ page }) => {
  await skipTrialDialog(page);
  expect(await consoleErrors(page, '/')).toEqual([]);
});

test('an anonymous visit to /admin logs no console error @phone', async ({ page }) => {
  expect(await consoleErrors(page, '/admin')).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
});
