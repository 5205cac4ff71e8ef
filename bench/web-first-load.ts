/**
 * The shell's first load on a phone, served by the gateway, for the pages a technician opens first
 * (`/`, `/contents`, `/manuals`): the JavaScript and CSS sent before the first screen settles
 * (compressed bytes on the wire, a 390-px phone), whether the admin remote was downloaded (it must not
 * be), and the Lighthouse mobile performance score (throttled phone: 4× slower CPU, slow 4G) with its
 * first contentful paint, largest contentful paint and total blocking time — against a baseline
 * measured in the same run: a blank page served by the same nginx (the best score this machine and
 * gateway can give). Each page is scored BENCH_LIGHTHOUSE_RUNS times (default 3) and the median is
 * printed: one run on a shared machine moves by several points.
 * Aim: ≤ 130 KB of compressed JavaScript for `/`, Lighthouse ≥ 95 on each page.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot, withPlatform } from './lib/harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const PAGES = ['/', '/contents', '/manuals'];
const JS_BUDGET_KB = 130;
const SCORE_AIM = 95;
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

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
  return {
    js: sum('script'),
    jsFiles: seen.filter((s) => s.type === 'script').length,
    css: sum('stylesheet'),
    adminRemote: seen.some((s) => s.url.includes('/admin-remote/')),
  };
}

interface Score {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

async function lighthouse(url: string): Promise<Score> {
  const { default: run } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ARGS });
  try {
    const result = await run(url, { port: chrome.port, onlyCategories: ['performance'], formFactor: 'mobile', output: 'json', logLevel: 'error' });
    const audits = result?.lhr.audits ?? {};
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
    return {
      score: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of RUNS Lighthouse runs, each figure on its own, and every score seen. */
async function scored(url: string): Promise<Score & { all: number[] }> {
  const runs: Score[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(url));
  return {
    score: median(runs.map((r) => r.score)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    all: runs.map((r) => r.score),
  };
}

void withPlatform(async (p) => {
  const base = `http://localhost:${p.env.GATEWAY_PORT}`;
  // the baseline: a blank page served by the same nginx
  const blankDir = join(repoRoot(), 'web-shell/dist');
  mkdirSync(blankDir, { recursive: true });
  writeFileSync(join(blankDir, 'bench-blank.html'), '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>x</title></head><body><p>x</p></body></html>');
  try {
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const blank = await scored(`${base}/bench-blank.html`);
    out(`Lighthouse mobile, blank page baseline (same nginx, same run): ${blank.score} (runs ${blank.all.join(', ')})`);
    for (const path of PAGES) {
      const load = await transferred(`${base}${path}`);
      const lh = await scored(`${base}${path}`);
      const budget = path === '/' ? `, budget ${JS_BUDGET_KB} KB → ${(load.js / (JS_BUDGET_KB * 1024)).toFixed(2)} of budget` : '';
      out(
        `${path.padEnd(10)} JS ${kb(load.js)} gzip in ${load.jsFiles} files${budget}; CSS ${kb(load.css)}; admin remote downloaded: ${load.adminRemote ? 'YES (wrong)' : 'no'}\n` +
          `${''.padEnd(10)} Lighthouse ${lh.score} (runs ${lh.all.join(', ')}; aim ≥ ${SCORE_AIM}), ${(lh.score / Math.max(1, blank.score)).toFixed(2)} of the blank page; ` +
          `FCP ${lh.fcp} ms, LCP ${lh.lcp} ms, TBT ${lh.tbt} ms (medians)`,
      );
    }
  } finally {
    rmSync(join(blankDir, 'bench-blank.html'), { force: true });
  }
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
