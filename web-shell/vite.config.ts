import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractSrc = fileURLToPath(new URL('../packages/contract/src/', import.meta.url));

/** Where the gateway serves the admin remote (same origin, never a hard-coded host). */
const ADMIN_REMOTE_ENTRY = '/admin-remote/remoteEntry.js';

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@clima\/contract$/, replacement: `${contractSrc}index.ts` },
      // Deep imports (`@clima/contract/billing`) keep zod out of chunks that only need constants.
      { find: /^@clima\/contract\/(.+)$/, replacement: `${contractSrc}$1.ts` },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: 'clima_shell',
      remotes: {
        clima_admin: {
          type: 'module',
          name: 'clima_admin',
          entry: ADMIN_REMOTE_ENTRY,
          entryGlobalName: 'clima_admin',
          shareScope: 'default',
        },
      },
      // Shared singletons are bundled whole into the first load: keep this list short.
      shared: {
        react: { singleton: true },
        'react-dom': { singleton: true },
        '@clima/router': { singleton: true },
        '@tanstack/react-query': { singleton: true },
      },
      shareStrategy: 'loaded-first',
      dts: false,
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/admin-remote': 'http://127.0.0.1:5174',
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/admin-remote': 'http://127.0.0.1:4174',
    },
  },
});
