import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.0/2.1/2.2 A and AA rules the platform's screens must pass (issue 25). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on the page as it is now (open dialogs included), or only on what `include` selects, and returns
 * one line per violating element: rule, impact, selector and axe's summary. Empty when the screen passes.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // running animations finished first: axe reads the colours as drawn (a card fading in is not yet its colour)
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? '?'}) ${n.target.join(' ')} — ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`),
  );
}
