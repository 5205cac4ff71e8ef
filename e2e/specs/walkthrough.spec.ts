import { expect, test } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ProfilePage } from '../pages/profile-page';
import { adminApi, seedTestUser, type TestUser } from '../support/api';

/**
 * Issue 25, the walkthrough's fixes as a new user meets them: the visitor's first look, whole cards that
 * open, 'Entrar' in the phone header, and a profile that keeps what was typed across a save.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const seedUser = (baseURL: string, active: boolean): Promise<TestUser> => seedTestUser(baseURL, active ? 'passeio-assinante' : 'passeio', active);

test('a visitor sees the course catalogue beneath \'Acesso Restrito\' on / and the plans on /subscription @phone', async ({ page, baseURL }) => {
  const adm = await adminApi(baseURL!);
  const name = `Prévia do catálogo ${unique()}`;
  try {
    const res = await adm.post('/api/admin/course-categories', { data: { name, description: 'Categoria que o visitante vê.' } });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await adm.dispose();
  }

  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Acesso Restrito', level: 1 })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Entrar ou criar conta' })).toBeVisible();
  const preview = main.getByTestId('visitor-preview');
  await expect(preview.getByTestId('course-category-card').filter({ hasText: name })).toBeVisible();
  // the headline and its button come first, the preview beneath them
  const gateBox = (await main.getByRole('heading', { name: 'Acesso Restrito' }).boundingBox())!;
  expect((await preview.boundingBox())!.y).toBeGreaterThan(gateBox.y);

  await page.goto('/subscription');
  await expect(main.getByRole('heading', { name: 'Acesso Restrito', level: 1 })).toBeVisible();
  const plans = main.getByTestId('visitor-preview');
  await expect(plans.getByRole('article', { name: 'Mensal' }).getByTestId('plan-price')).toHaveText('R$ 19,90/mês');
  await expect(plans.getByRole('article', { name: 'Anual' }).getByTestId('plan-price')).toHaveText('R$ 199,00/ano');
  await expect(plans).toContainText('3 dias grátis');
  // choosing a plan asks the visitor to create an account first
  await plans.getByRole('article', { name: 'Mensal' }).getByRole('button').click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Criar sua conta' })).toBeVisible();
});

test('a visitor on a phone finds \'Entrar\' in the header without opening the menu @phone', async ({ page }) => {
  // a phone's width in every project (the desktop one included): the layout under test is the phone's
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contents');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');
  await header.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Entrar' })).toBeVisible();
});

test('content and course cards open from their picture and title, not only from \'Assistir\' @phone', async ({ page, baseURL }) => {
  const tag = unique();
  const adm = await adminApi(baseURL!);
  let contentId: number;
  let courseId: number;
  let slug: string;
  try {
    const content = await adm.post('/api/admin/contents', { data: { title: `Cartão inteiro ${tag}`, description: 'Abre de qualquer ponto.', is_published: 1 } });
    expect(content.ok(), await content.text()).toBe(true);
    contentId = ((await content.json()) as { id: number }).id;
    const category = await adm.post('/api/admin/course-categories', { data: { name: `Cartões ${tag}`, description: 'Cursos.' } });
    ({ slug } = (await category.json()) as { slug: string });
    const categoryId = ((await category.json()) as { id: number }).id;
    const course = await adm.post('/api/admin/courses', { data: { title: `Curso cartão ${tag}`, description: 'Abre de qualquer ponto.', course_category_id: categoryId } });
    courseId = ((await course.json()) as { id: number }).id;
    const lesson = await adm.post(`/api/admin/courses/${courseId}/lessons`, { data: { title: 'Primeira', youtube_video_id: 'M7lc1UVf-VE', duration_seconds: '5:00' } });
    expect(lesson.ok(), await lesson.text()).toBe(true);
  } finally {
    await adm.dispose();
  }
  const user = await seedUser(baseURL!, true);
  await skipTrialDialog(page);
  expect((await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } })).ok()).toBe(true);

  await page.goto('/contents');
  const card = page.getByTestId('content-card').filter({ hasText: `Cartão inteiro ${tag}` });
  // the picture, far from the button: a click on the card at that point (Playwright waits until the card stops
  // moving, e.g. while a notice above it appears, and the point lands on the card's own link)
  const box = (await card.boundingBox())!;
  await card.click({ position: { x: Math.round(box.width / 2), y: 20 } });
  await expect(page).toHaveURL(new RegExp(`/content/${contentId}$`));

  await page.goto(`/course-category/${slug}`);
  // a tap on the description, where the card's link covers it (Playwright's click would refuse the covered text
  // itself): the card is clicked at the description's place
  const courseCard = page.getByTestId('course-card').filter({ hasText: `Curso cartão ${tag}` });
  const description = courseCard.getByText('Abre de qualquer ponto.');
  await expect(description).toBeVisible();
  const [cardBox, text] = [(await courseCard.boundingBox())!, (await description.boundingBox())!];
  await courseCard.click({ position: { x: Math.round(text.x - cardBox.x + text.width / 2), y: Math.round(text.y - cardBox.y + text.height / 2) } });
  await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
});

test('the profile keeps the open form, what was typed and the success message while the session is fetched again', async ({ page, baseURL }) => {
  const user = await seedUser(baseURL!, false);
  await skipTrialDialog(page);
  expect((await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } })).ok()).toBe(true);
  const profile = new ProfilePage(page);
  await profile.goto();
  // a mark on this document: a reload or a remount of the page would lose it
  await page.evaluate(() => ((window as unknown as { keep: string }).keep = 'mesma página'));
  const panel = page.getByRole('tabpanel');
  const renamed = `${user.name} Renomeado`;
  await panel.getByLabel('Nome completo').fill(renamed);
  const refetched = profile.sessionRefetched();
  await panel.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(panel.getByRole('status')).toHaveText('Perfil atualizado com sucesso!');
  await refetched;
  // the fetched session is shown (the header's name) while the page stays as it was
  await expect(page.getByTestId('user-name').filter({ visible: true })).toHaveText(renamed);
  await expect(panel.getByRole('status')).toHaveText('Perfil atualizado com sucesso!');
  await panel.getByLabel('Nome completo').press('End');
  await panel.getByLabel('Nome completo').pressSequentially(' Jr');
  // longer than the 1.5 s after which the page used to reload itself
  await page.waitForTimeout(2_500);
  expect(await page.evaluate(() => (window as unknown as { keep?: string }).keep)).toBe('mesma página');
  await expect(panel.getByLabel('Nome completo')).toHaveValue(`${renamed} Jr`);
  await expect(page.getByRole('tab', { name: 'Informações Pessoais' })).toHaveAttribute('aria-selected', 'true');
});

test('on a phone the fault-code search is at the top of /manuals, the name filter second and labelled a filter @phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await seedUser(baseURL!, true);
  await skipTrialDialog(page);
  expect((await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } })).ok()).toBe(true);
  await page.goto('/manuals');
  const search = page.getByRole('searchbox', { name: 'Buscar código de erro ou termo nos manuais', exact: true });
  await expect(search).toBeVisible();
  const filters = page.getByRole('group', { name: 'Filtrar a lista de manuais' });
  const nameFilter = filters.getByRole('searchbox', { name: 'Buscar manuais...' });
  await expect(nameFilter).toBeVisible();
  const searchBox = (await search.boundingBox())!;
  // on the first screen, the page's first field (it started about 700 px down, its first result 1,300 px)
  expect(searchBox.y + searchBox.height).toBeLessThan(page.viewportSize()!.height * 0.6);
  await expect(page.getByRole('main').getByRole('searchbox').first()).toHaveAccessibleName('Buscar código de erro ou termo nos manuais');
  expect((await nameFilter.boundingBox())!.y).toBeGreaterThan(searchBox.y);
  // no banner telling a subscriber they are subscribed: the header's PRO badge says it
  await expect(page.getByText('Sua assinatura está ativa: baixe qualquer manual da biblioteca.')).toHaveCount(0);
});
