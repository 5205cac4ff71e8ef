import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0/2.1/2.2 A and AA: the rules issue 25 holds every screen to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on the page as it is now (dialogs open included) and fails with every violation's rule,
 * target and summary, so a report names what to fix.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(0, 2).join(' ') ?? v.help}`));
  expect(found, `axe on ${screen}`).toEqual([]);
}
