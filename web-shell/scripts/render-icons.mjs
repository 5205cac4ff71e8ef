/**
 * Renders the PWA icons (public/icons/*.png) from the brand mark's SVG sources beside them, with the
 * system Chromium: `node web-shell/scripts/render-icons.mjs`. The PNGs are checked in; run this again
 * only when an SVG changes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const ICONS = [
  // "any": the rounded mark on a transparent background
  { svg: 'clima-pro.svg', png: 'clima-pro-192.png', size: 192, transparent: true },
  { svg: 'clima-pro.svg', png: 'clima-pro-512.png', size: 512, transparent: true },
  // "maskable": full bleed, the snowflake inside the 80 % safe circle
  { svg: 'clima-pro-maskable.svg', png: 'clima-pro-maskable-512.png', size: 512, transparent: false },
  { svg: 'clima-pro-maskable.svg', png: 'clima-pro-maskable-192.png', size: 192, transparent: false },
  // iOS home screen: opaque (iOS paints transparency black)
  { svg: 'clima-pro-maskable.svg', png: 'apple-touch-icon-180.png', size: 180, transparent: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const svg = readFileSync(`${dir}${icon.svg}`, 'utf8').replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: `${dir}${icon.png}`, omitBackground: icon.transparent, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await page.close();
  }
} finally {
  await browser.close();
}
