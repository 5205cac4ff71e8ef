import { defineConfig, devices } from '@playwright/test';
import { E2E_WORKERS, platformPort, workerSlot } from './platforms';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the whole platform, started by
 * global-setup.ts exactly as `npm start` starts it, on its own ports, database and key prefix: one platform
 * per worker (e2e/platforms.ts), each worker's tests against its own.
 */
// Debian's chromium-headless-shell: the same Chromium without the full browser's UI and GPU processes; the same
// tests ran 20–50 % faster with it on this 2-core machine than on the full browser (CHROMIUM_PATH picks another)
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const launchOptions = {
  executablePath: chromium,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
};

export default defineConfig({
  testDir: './specs',
  outputDir: '../.runtime/e2e-artifacts',
  // a file's tests run in order in one worker; the files are shared out between the workers
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.runtime/test-results/e2e.json' }]],
  globalSetup: './global-setup.ts',
  use: {
    // evaluated in each worker process: its own platform
    baseURL: `http://localhost:${platformPort(workerSlot())}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // recording a trace costs every test its screenshots and DOM snapshots: only the retry of a failed test records one
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions }, grep: /@phone/ },
  ],
});
