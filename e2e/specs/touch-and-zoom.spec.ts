import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ShellPage } from '../pages/shell-page';
import { ADMIN_SCREENS, type A11ySeed, seedA11yScreens, settleUserScreen, userScreens, visitAdminScreen } from '../support/a11y-screens';
import { adminCredentials, seedTestUser } from '../support/api';
import { enlargeText, rootFontSize, smallTouchTargets, textThatDoesNotFit } from '../support/touch-zoom';

/**
 * Issue 25, on the screens the axe specs visit (their lists, shared through support/a11y-screens):
 * - touch targets of at least 44 × 44 px on a phone (390 px), dialogs and the phone menu open included;
 * - text at 200 % (WCAG 1.4.4) at 1280 px: the page does not scroll sideways and no text is cut off;
 * - reflow at 320 CSS px (1.4.10): the same, at the default text size;
 * - keyboard: every control is reached with Tab, the skip link leads to the content, dialogs keep and give back focus.
 * Every screen's findings are gathered first, so one run lists them all.
 */

type Who = 'visitante' | 'assinante' | 'administrador';
type Findings = Record<string, string[]>;

interface Mode {
  name: string;
  viewport: { width: number; height: number };
  phone: boolean;
  /** Runs once on the new page, before any screen opens. */
  prepare?: (page: Page) => Promise<void>;
  check: (page: Page) => Promise<string[]>;
}

const MODES: Mode[] = [
  { name: '390 px: alvos de toque', viewport: { width: 390, height: 844 }, phone: true, check: smallTouchTargets },
  {
    name: '1280 px, texto a 200 %',
    viewport: { width: 1280, height: 800 },
    phone: false,
    prepare: enlargeText,
    check: async (page) => {
      expect(await rootFontSize(page), 'the text is at 200 %').toBe(32);
      return textThatDoesNotFit(page);
    },
  },
  { name: '320 px: refluxo', viewport: { width: 320, height: 720 }, phone: true, check: textThatDoesNotFit },
];

let seed: A11ySeed;

test.beforeAll(async ({ baseURL }) => {
  seed = await seedA11yScreens(baseURL!);
});

/** A context of the given size, signed in as `who` (a visitor is not). */
async function contextFor(browser: Browser, baseURL: string, mode: Mode, who: Who): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: mode.viewport, isMobile: mode.phone, hasTouch: mode.phone, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  if (who === 'assinante') {
    const user = await seedTestUser(baseURL, 'toque-assinante', true);
    const res = await context.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
    expect(res.ok()).toBe(true);
  } else if (who === 'administrador') {
    const res = await context.request.post('/api/admin/auth/login', { data: adminCredentials() });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return context;
}

function note(found: Findings, key: string, lines: string[]): void {
  if (lines.length) found[key] = lines;
}

/** The end-user screens, then the phone menu and (for a visitor) the sign-in and sign-up dialog. */
async function checkUserScreens(page: Page, mode: Mode, who: Who, found: Findings): Promise<void> {
  for (const [name, path] of userScreens(seed)) {
    await page.goto(path);
    await settleUserScreen(page);
    note(found, `${mode.name} · ${name}`, await mode.check(page));
  }
  await page.goto('/contents');
  await settleUserScreen(page);
  const menu = page.getByRole('button', { name: 'Abrir menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(page.getByRole('button', { name: 'Fechar menu' }).first()).toBeVisible();
    note(found, `${mode.name} · menu aberto`, await mode.check(page));
    await page.getByRole('button', { name: 'Fechar menu' }).first().click();
  }
  if (who !== 'visitante') return;
  const shell = new ShellPage(page);
  await shell.openSignIn();
  note(found, `${mode.name} · diálogo Entrar`, await mode.check(page));
  await shell.switchToRegister();
  note(found, `${mode.name} · diálogo Cadastro`, await mode.check(page));
}

/** Every admin screen with its form dialog open, and the course editor. */
async function checkAdminScreens(page: Page, mode: Mode, found: Findings): Promise<void> {
  for (const screen of ADMIN_SCREENS) {
    await visitAdminScreen(page, screen.path, screen.heading);
    note(found, `${mode.name} · ${screen.path}`, await mode.check(page));
    if (screen.dialog) {
      await page.getByRole('button', { name: screen.dialog.button }).filter({ visible: true }).first().click();
      await expect(page.getByRole('dialog', { name: screen.dialog.name })).toBeVisible();
      note(found, `${mode.name} · ${screen.path} com o diálogo aberto`, await mode.check(page));
    }
  }
  await visitAdminScreen(page, '/admin/courses', 'Gerenciar Aulas');
  await page.locator('[aria-label^="Editar "]').filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Editar Aula', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lições' })).toBeVisible();
  note(found, `${mode.name} · editor de aula`, await mode.check(page));
  const menu = page.getByRole('button', { name: 'Abrir menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(page.getByRole('navigation', { name: 'Menu administrativo' })).toBeVisible();
    note(found, `${mode.name} · menu administrativo aberto`, await mode.check(page));
  }
}

async function checkAll(browser: Browser, baseURL: string, who: Who): Promise<Findings> {
  const found: Findings = {};
  for (const mode of MODES) {
    await test.step(mode.name, async () => {
      const context = await contextFor(browser, baseURL, mode, who);
      try {
        const page = await context.newPage();
        await mode.prepare?.(page);
        if (who === 'administrador') await checkAdminScreens(page, mode, found);
        else {
          await skipTrialDialog(page);
          await checkUserScreens(page, mode, who, found);
        }
      } finally {
        await context.close();
      }
    });
  }
  return found;
}

test.describe('touch targets, text at 200 % and reflow on every screen', () => {
  test.slow();

  test('a visitor', async ({ browser, baseURL }) => {
    expect(await checkAll(browser, baseURL!, 'visitante')).toEqual({});
  });

  test('a subscriber', async ({ browser, baseURL }) => {
    expect(await checkAll(browser, baseURL!, 'assinante')).toEqual({});
  });

  test('an administrator', async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    expect(await checkAll(browser, baseURL!, 'administrador')).toEqual({});
  });
});

/**
 * Tabs through the page from its top and returns every visible, enabled control Tab never reached (a radio
 * group, a tab list or a menu counts as reached when one of its items is: arrow keys move inside it).
 */
async function unreachableByTab(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    document.querySelectorAll('[data-tab-reached]').forEach((el) => el.removeAttribute('data-tab-reached'));
  });
  const total = await page.evaluate(() => document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]').length);
  let previous: unknown = null;
  for (let i = 0; i < total + 5; i++) {
    await page.keyboard.press('Tab');
    const current = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      if (el.hasAttribute('data-tab-reached')) return 'again';
      el.setAttribute('data-tab-reached', '');
      return 'new';
    });
    if (current === 'again' && previous === 'again') break;
    previous = current;
  }
  return page.evaluate(() => {
    const missed: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])');
    for (const el of Array.from(controls)) {
      if (el.hasAttribute('data-tab-reached') || (el as HTMLButtonElement).disabled || el.closest('[inert], [aria-hidden="true"]')) continue;
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || s.visibility === 'hidden') continue;
      const radio = el as HTMLInputElement;
      if (radio.type === 'radio' && radio.name && document.querySelector(`input[type="radio"][name="${radio.name}"][data-tab-reached]`)) continue;
      // a composite widget (tabs, menu, list box) is one Tab stop; its arrow keys move between its items
      const group = el.closest('[role="tablist"], [role="menu"], [role="menubar"], [role="listbox"], [role="radiogroup"]');
      if (group?.querySelector('[data-tab-reached]')) continue;
      const label = (el.getAttribute('aria-label') ?? el.innerText ?? '').trim().slice(0, 40) || el.getAttribute('name') || '';
      missed.push(`${el.tagName.toLowerCase()} "${label}"`);
    }
    return missed;
  });
}

test.describe('keyboard only', () => {
  test('every control of every user screen is reached with Tab', async ({ page, baseURL }) => {
    test.slow();
    await skipTrialDialog(page);
    const user = await seedTestUser(baseURL!, 'teclado', true);
    const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
    expect(res.ok()).toBe(true);
    const found: Findings = {};
    for (const [name, path] of userScreens(seed)) {
      await page.goto(path);
      await settleUserScreen(page);
      note(found, name, await unreachableByTab(page));
    }
    expect(found).toEqual({});
  });

  test('the skip link is the first stop and leads to the content; the sign-in dialog keeps focus and gives it back', async ({ page }) => {
    await page.goto('/contents');
    await settleUserScreen(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    // the next stop is inside the content, past the header and its menu
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

    const entrar = page.getByRole('button', { name: 'Entrar', exact: true }).filter({ visible: true }).first();
    await entrar.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(entrar).toBeFocused();
  });
});
