import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSrc = fileURLToPath(new URL('./packages/contract/src/', import.meta.url));

/** The web apps' component tests (`*.test.tsx` beside the code), in jsdom; jest runs everything else. */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@clima\/contract$/, replacement: `${contractSrc}index.ts` },
      { find: /^@clima\/contract\/(.+)$/, replacement: `${contractSrc}$1.ts` },
    ],
  },
  test: {
    environment: 'jsdom',
    include: ['packages/web-kit/src/**/*.test.{ts,tsx}', 'web-shell/src/**/*.test.{ts,tsx}', 'web-admin/src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // a first render in jsdom can take seconds on a shared machine
    testTimeout: 20_000,
  },
});
