/**
 * The shell's first load, served by the gateway: JavaScript and CSS sent for `/` before the first screen
 * (compressed bytes on the wire), whether the admin remote was downloaded (it must not be), and the
 * Lighthouse mobile performance score — against a baseline measured in the same run: a blank page
 * served by the same nginx (the best score this machine and gateway can give).
 * Aim: ≤ 170 KB of compressed JavaScript, Lighthouse ≥ 90.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot, withPlatform } from './lib/harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

async function transferred(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  const seen: { url: string; type: string; bytes: number }[] = [];
  page.on('requestfinished', async (req) => {
    const sizes = await req.sizes().catch(() => null);
    seen.push({ url: req.url(), type: req.resourceType(), bytes: sizes?.responseBodySize ?? 0 });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await browser.close();
  const sum = (t: string) => seen.filter((s) => s.type === t).reduce((a, s) => a + s.bytes, 0);
  return { js: sum('script'), css: sum('stylesheet'), adminRemote: seen.some((s) => s.url.includes('/admin-remote/')), files: seen.length };
}

async function lighthouseScore(url: string): Promise<number> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ARGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], formFactor: 'mobile', output: 'json', logLevel: 'error' });
    return Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
  } finally {
    await chrome.kill();
  }
}

void withPlatform(async (p) => {
  const base = `http://localhost:${p.env.GATEWAY_PORT}`;
  // the baseline: a blank page served by the same nginx
  const blankDir = join(repoRoot(), 'web-shell/dist');
  mkdirSync(blankDir, { recursive: true });
  writeFileSync(join(blankDir, 'bench-blank.html'), '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>x</title></head><body><p>x</p></body></html>');
  const load = await transferred(`${base}/`);
  const shellScore = await lighthouseScore(`${base}/`);
  const blankScore = await lighthouseScore(`${base}/bench-blank.html`);
  rmSync(join(blankDir, 'bench-blank.html'), { force: true });
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  process.stdout.write(
    `first load of / : JS ${kb(load.js)} (gzip, budget 170 KB → ${(load.js / (170 * 1024)).toFixed(2)} of budget), CSS ${kb(load.css)}, ${load.files} files\n` +
      `admin remote downloaded by a visitor: ${load.adminRemote ? 'YES (wrong)' : 'no'}\n` +
      `Lighthouse mobile performance: shell ${shellScore}, blank page baseline ${blankScore}, ratio ${(shellScore / Math.max(1, blankScore)).toFixed(2)} (aim ≥ 90)\n`,
  );
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
