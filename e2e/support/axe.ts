import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0/2.1/2.2 A and AA rules the platform's screens must pass (issue 25). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on the page as it is now (open dialogs included), or only on what `include` selects, and returns
 * one line per violating element: rule, impact, selector and axe's summary. Empty when the screen passes.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode): an iframe element is checked (its title), what it
 * shows is not. The default mode also runs axe inside every frame and merges the results in a blank page it opens
 * for each run, which took twice the time and CPU per screen here, only to enter the frames of the hosted
 * players (YouTube, Vimeo), the only frames these screens have and not ours to fix. On every screen of the
 * accessibility specs both modes found the same; a violation planted on a page is found (contrast, alt text,
 * frame title).
 */
export async function axeViolations(page: Page, include?: string | string[]): Promise<string[]> {
  // running animations finished first: axe reads the colours as drawn (a card fading in is not yet its colour)
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  for (const part of typeof include === 'string' ? [include] : (include ?? [])) builder = builder.include(part);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? '?'}) ${n.target.join(' ')} — ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`),
  );
}

/** Fails with every violation axe finds on the page as it is now (or in the parts `include` selects). */
export async function expectNoAxeViolations(page: Page, screen: string, include?: string | string[]): Promise<void> {
  expect(await axeViolations(page, include), `axe on ${screen}`).toEqual([]);
}
