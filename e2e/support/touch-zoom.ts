import type { CDPSession, Page } from '@playwright/test';

/**
 * Measurements for WCAG 2.5.5/2.5.8 (touch targets, held to 44 × 44 px on a phone), 1.4.4 (text at 200 %)
 * and 1.4.10 (reflow at 320 CSS px), taken in the page as it is drawn now. Each returns one line per offender,
 * naming it (tag, accessible name, a short selector), so a failing run lists what to fix.
 */

/** The smallest touch target on a phone, in CSS px. */
export const MIN_TARGET = 44;

/**
 * Every visible interactive element whose target is smaller than MIN_TARGET on either side. A checkbox or a
 * radio counts its label (tapping the label toggles it). Targets inside running text are exempt (the inline
 * exception of 2.5.8): an inline link or button whose block holds text of its own too.
 */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const visuallyHidden = (el: Element, r: DOMRect): boolean => {
      if (r.width <= 1 || r.height <= 1) return true;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.visibility === 'hidden' || s.display === 'none' || s.opacity === '0') return true;
        if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return true;
      }
      return false;
    };
    const name = (el: Element): string => {
      const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim() || el.getAttribute('title') || el.getAttribute('placeholder') || el.getAttribute('name') || '';
      return text.replace(/\s+/g, ' ').slice(0, 40);
    };
    const where = (el: Element): string => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : '';
      const type = el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : '';
      return `${el.tagName.toLowerCase()}${id}${testId}${type}`;
    };
    /** A target inside running text: drawn inline, and its block holds text outside any control. */
    const inlineInText = (el: Element): boolean => {
      if (getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (!block) return false;
      const texts = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const control = n.parentElement?.closest(selector);
        if (!control || !block.contains(control)) return true;
      }
      return false;
    };
    const targetBox = (el: Element): DOMRect => {
      const r = el.getBoundingClientRect();
      // a stretched link: its ::after covers the nearest positioned ancestor (the whole card), which is the target
      const after = getComputedStyle(el, '::after');
      if (after.content !== 'none' && after.position === 'absolute') {
        let holder = el.parentElement;
        while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
        if (holder) return holder.getBoundingClientRect();
      }
      const input = el as HTMLInputElement;
      if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio') && input.labels?.length) {
        // the largest of the input and its labels: tapping any of them toggles it
        return [r, ...Array.from(input.labels).map((l) => l.getBoundingClientRect())].reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
      }
      return r;
    };
    const found = new Set<string>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const r = el.getBoundingClientRect();
      const input = el as HTMLInputElement;
      const toggle = el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio');
      // a visually hidden checkbox or radio is drawn by its label: the label is the target
      if (visuallyHidden(el, r) && !(toggle && input.labels?.length)) continue;
      if (inlineInText(el)) continue;
      const box = targetBox(el);
      if (box.width + 0.5 < min || box.height + 0.5 < min) found.add(`${where(el)} "${name(el)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return [...found];
  }, MIN_TARGET);
}

/**
 * What does not fit: the page scrolling sideways (document wider than the viewport), and text cut off by a
 * container that hides its overflow (a text line drawn outside such an ancestor's box, ellipsis and line
 * truncation included). Text inside a scrolling region is not cut off: it scrolls. A line clamp is not counted:
 * it is a card's summary of a title or description shown whole on the item's own page.
 */
export async function textThatDoesNotFit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    const clips = (s: CSSStyleDeclaration) => ['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflowY);
    const scrolls = (s: CSSStyleDeclaration) => ['auto', 'scroll'].includes(s.overflowX) || ['auto', 'scroll'].includes(s.overflowY);
    const where = (el: Element): string => {
      const testId = el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : '';
      const cls = typeof el.className === 'string' ? `.${el.className.split(/\s+/).filter(Boolean).slice(0, 4).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${testId}${cls}`;
    };
    if (doc.scrollWidth > doc.clientWidth) {
      // the innermost elements that stick out on the right name the culprit
      const out = (el: Element) => el.getBoundingClientRect().right > doc.clientWidth + 1;
      const culprits = Array.from(document.body.querySelectorAll('*')).filter((el) => out(el) && !Array.from(el.children).some(out));
      found.push(`a página rola na horizontal: ${doc.scrollWidth} px num viewport de ${doc.clientWidth} px (${culprits.slice(0, 3).map(where).join(', ')})`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const reported = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || !node.parentElement) continue;
      range.selectNodeContents(node);
      const lines = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      if (!lines.length) continue;
      for (let el: Element | null = node.parentElement; el && el !== document.body; el = el.parentElement) {
        const s = getComputedStyle(el);
        if (scrolls(s) || (s.webkitLineClamp && s.webkitLineClamp !== 'none')) break;
        if (!clips(s)) continue;
        const box = el.getBoundingClientRect();
        // a visually hidden text (1 px, clipped) is for screen readers only
        if (box.width <= 1 || box.height <= 1) break;
        const out = lines.some((r) => r.right > box.right + 1 || r.left < box.left - 1 || r.bottom > box.bottom + 1 || r.top < box.top - 1);
        if (out && !reported.has(el)) {
          reported.add(el);
          found.push(`texto cortado em ${where(el)}: "${text.replace(/\s+/g, ' ').slice(0, 40)}"`);
        }
        if (out) break;
      }
    }
    return found;
  });
}

/**
 * Text at 200 %, as a browser's text-size setting makes it: the default font size doubled (16 → 32 px) through
 * Chromium's DevTools protocol, so the root font size, every rem and em, and the rem breakpoints of the media
 * queries follow, while the viewport stays as wide as it is. Fails when the page's root font did not double.
 */
export async function enlargeText(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  // the setting lasts as long as its session: kept with the page
  sessions.set(page, cdp);
}

const sessions = new WeakMap<Page, CDPSession>();

/** The root element's font size in CSS px (32 once enlargeText has run). */
export function rootFontSize(page: Page): Promise<number> {
  return page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
}
