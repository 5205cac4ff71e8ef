import { expect, test, type Page } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ShellPage } from '../pages/shell-page';
import { type A11ySeed, controlsUnderStickyBar, seedA11yScreens, settleUserScreen, userScreens } from '../support/a11y-screens';
import { seedTestUser, type TestUser } from '../support/api';
import { axeViolations } from '../support/axe';

/**
 * Issue 25: axe-core finds nothing (WCAG 2.0/2.1/2.2 A and AA) on every end-user screen, as a visitor,
 * signed in without a plan and as a subscriber, at desktop and 390 px (the @phone project), with the
 * dialogs open. Every screen's findings are gathered first, so one run lists them all.
 */

let seed: A11ySeed;

test.beforeAll(async ({ baseURL }) => {
  seed = await seedA11yScreens(baseURL!);
});

const seedUser = (baseURL: string, active: boolean): Promise<TestUser> => seedTestUser(baseURL, active ? 'axe-assinante' : 'axe-gratuito', active);

const settle = settleUserScreen;

/** A new subscriber signed in on the page, the trial offer already seen. */
async function signInSubscriber(page: Page, baseURL: string): Promise<void> {
  const user = await seedUser(baseURL, true);
  await skipTrialDialog(page);
  const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
  expect(res.ok()).toBe(true);
}

async function visitAll(page: Page, found: Record<string, string[]>): Promise<void> {
  for (const [name, path] of userScreens(seed)) {
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
    await signInSubscriber(page, baseURL!);
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

test.describe("the keyboard's focus never hides under the sticky header (WCAG 2.4.11) @phone", () => {
  const header = (page: Page) => page.getByRole('banner').filter({ visible: true });

  test('a visitor going back up the courses, the contents and the manuals', async ({ page }) => {
    await skipTrialDialog(page);
    const found: Record<string, string[]> = {};
    for (const path of ['/', '/contents', '/manuals']) {
      await page.goto(path);
      await settle(page);
      const under = await controlsUnderStickyBar(page, header(page));
      if (under.length) found[path] = under;
    }
    expect(found).toEqual({});
  });

  test("a subscriber's profile, and the way back to Privacidade e dados lands below the header", async ({ page, baseURL }) => {
    await signInSubscriber(page, baseURL!);
    // where the Google re-authentication of an account deletion returns to
    await page.goto('/profile#privacidade');
    await settle(page);
    const section = page.locator('#privacidade');
    await expect(section.getByRole('heading', { name: 'Privacidade e dados' })).toBeVisible();
    const place = async () => {
      const bar = (await header(page).boundingBox())!;
      const box = (await section.boundingBox())!;
      return Math.round(box.y - (bar.y + bar.height));
    };
    // scrolled to it (its top just below the header), not left under the header
    await expect.poll(place).toBeGreaterThanOrEqual(0);
    expect(await place()).toBeLessThanOrEqual(32);
    await page.screenshot({ path: test.info().outputPath('profile-privacidade.png') });
    expect(await controlsUnderStickyBar(page, header(page), 60)).toEqual([]);
  });
});
