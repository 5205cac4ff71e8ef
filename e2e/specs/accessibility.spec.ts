import { expect, test, type Page } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ShellPage } from '../pages/shell-page';
import { adminApi, seedTestUser, type TestUser } from '../support/api';
import { axeViolations } from '../support/axe';

/**
 * Issue 25: axe-core finds nothing (WCAG 2.0/2.1/2.2 A and AA) on every end-user screen, as a visitor,
 * signed in without a plan and as a subscriber, at desktop and 390 px (the @phone project), with the
 * dialogs open. Every screen's findings are gathered first, so one run lists them all.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Seed {
  contentId: number;
  slug: string;
  courseId: number;
}

let seed: Seed;

test.beforeAll(async ({ baseURL }) => {
  const adm = await adminApi(baseURL!);
  try {
    const tag = unique();
    const post = async (path: string, data: object) => {
      const res = await adm.post(path, { data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return (await res.json()) as { id: number; slug?: string };
    };
    const category = await post('/api/admin/categories', { name: `Acessível ${tag}`, description: 'Categoria do teste de acessibilidade.' });
    const content = await post('/api/admin/contents', {
      title: `Vácuo e estanqueidade ${tag}`,
      description: 'Bomba de vácuo, vacuômetro e nitrogênio.',
      category_id: category.id,
      tags: ['vácuo', 'instalação'],
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      is_published: 1,
    });
    const courseCategory = await post('/api/admin/course-categories', { name: `Instalação acessível ${tag}`, description: 'Da tubulação ao comissionamento.' });
    const course = await post('/api/admin/courses', { title: `Split inverter ${tag}`, description: 'Instalação passo a passo.', course_category_id: courseCategory.id });
    for (const [title, video] of [['Ferramentas', 'dQw4w9WgXcQ'], ['Vácuo', 'M7lc1UVf-VE']]) {
      await post(`/api/admin/courses/${course.id}/lessons`, { title, description: `Lição ${title}.`, youtube_video_id: video, duration_seconds: '10:00' });
    }
    await post('/api/admin/manuals', {
      title: `Manual inverter ${tag}`,
      manufacturer_name: `Fabricante ${tag}`,
      model_name: `MOD-${tag}`,
      file_url: 'https://exemplo.com.br/manuais/inverter.pdf',
      description: 'Códigos de erro.',
    });
    seed = { contentId: content.id, slug: courseCategory.slug!, courseId: course.id };
  } finally {
    await adm.dispose();
  }
});

const seedUser = (baseURL: string, active: boolean): Promise<TestUser> => seedTestUser(baseURL, active ? 'axe-assinante' : 'axe-gratuito', active);

/** The screens of spec 2.1 and the pages the e-mails and the footer link to. */
function screens(): Array<[string, string]> {
  return [
    ['início', '/'],
    ['conteúdos', '/contents'],
    ['conteúdo', `/content/${seed.contentId}`],
    ['categoria de aulas', `/course-category/${seed.slug}`],
    ['aula', `/course/${seed.courseId}`],
    ['ranking', '/ranking'],
    ['manuais', '/manuals'],
    ['assinatura', '/subscription'],
    ['perfil', '/profile'],
    ['acessibilidade', '/acessibilidade'],
    ['ferramentas', '/ferramentas'],
    ['redefinir senha', '/redefinir-senha?token=invalido'],
    ['verificar e-mail', '/verificar-email?token=invalido'],
    ['página inexistente', '/nao-existe'],
  ];
}

/** Waits until the screen has drawn its data (no spinner, the requests answered). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0);
}

async function visitAll(page: Page, found: Record<string, string[]>): Promise<void> {
  for (const [name, path] of screens()) {
    await test.step(name, async () => {
      await page.goto(path);
      await settle(page);
      const violations = await axeViolations(page);
      if (violations.length) found[name] = violations;
    });
  }
}

/** The dialogs every state can open from the shell: the phone menu and, for a visitor, sign-in and sign-up. */
async function checkShellDialogs(page: Page, found: Record<string, string[]>, visitor: boolean): Promise<void> {
  await page.goto('/contents');
  await settle(page);
  const shell = new ShellPage(page);
  if ((page.viewportSize()?.width ?? 1280) < 1280) {
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const violations = await axeViolations(page);
    if (violations.length) found['menu aberto'] = violations;
    await page.getByRole('button', { name: 'Fechar menu' }).click();
  }
  if (!visitor) return;
  await shell.openSignIn();
  let violations = await axeViolations(page);
  if (violations.length) found['diálogo Entrar'] = violations;
  await shell.switchToRegister();
  violations = await axeViolations(page);
  if (violations.length) found['diálogo Cadastro'] = violations;
  await page.keyboard.press('Escape');
  await expect(shell.dialog).toBeHidden();
}

test.describe('accessibility: axe-core WCAG 2.2 AA on every user screen @phone', () => {
  test.slow();

  test('a visitor', async ({ page }) => {
    const found: Record<string, string[]> = {};
    await visitAll(page, found);
    await checkShellDialogs(page, found, true);
    expect(found).toEqual({});
  });

  test('signed in without a plan, with the trial dialog open', async ({ page, baseURL }) => {
    const user = await seedUser(baseURL!, false);
    const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
    expect(res.ok()).toBe(true);
    const found: Record<string, string[]> = {};
    // the trial offer opens by itself once per session
    await page.goto('/contents');
    const trial = page.getByRole('dialog', { name: /^(Experimente \d+ dias grátis|Assine o Clima Pro)$/ });
    await expect(trial).toBeVisible();
    const violations = await axeViolations(page);
    if (violations.length) found['diálogo de teste grátis'] = violations;
    await page.keyboard.press('Escape');
    await expect(trial).toBeHidden();
    await visitAll(page, found);
    await checkShellDialogs(page, found, false);
    expect(found).toEqual({});
  });

  test('a subscriber, with the account deletion dialog open', async ({ page, baseURL }) => {
    const user = await seedUser(baseURL!, true);
    await skipTrialDialog(page);
    const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
    expect(res.ok()).toBe(true);
    const found: Record<string, string[]> = {};
    await visitAll(page, found);
    await checkShellDialogs(page, found, false);
    await page.goto('/profile');
    await settle(page);
    const del = page.getByRole('button', { name: /Excluir (minha )?conta/ }).first();
    if (await del.count()) {
      await del.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const violations = await axeViolations(page);
      if (violations.length) found['diálogo Excluir conta'] = violations;
    }
    expect(found).toEqual({});
  });
});
