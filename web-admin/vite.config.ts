import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractSrc = fileURLToPath(new URL('../packages/contract/src/', import.meta.url));

export default defineConfig({
  // The gateway serves this build at /admin-remote/ (no SPA fallback: a missing chunk is a 404).
  base: '/admin-remote/',
  resolve: {
    alias: [
      { find: /^@clima\/contract$/, replacement: `${contractSrc}index.ts` },
      { find: /^@clima\/contract\/(.+)$/, replacement: `${contractSrc}$1.ts` },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: 'clima_admin',
      filename: 'remoteEntry.js',
      // One entry: the whole admin panel, rendering its own <Routes> under /admin/*.
      exposes: { './AdminApp': './src/admin-app.tsx' },
      // The host's own modules, lent at run time (web-shell/src/features/admin/admin-remote.ts): the panel
      // renders inside the shell's React tree and router. It brings its own query cache and library.
      shared: {
        react: { singleton: true },
        'react-dom': { singleton: true },
        '@clima/router': { singleton: true },
      },
      shareStrategy: 'loaded-first',
      dts: false,
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: {
    port: 5174,
    origin: 'http://localhost:5174',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  preview: { port: 4174, proxy: { '/api': 'http://127.0.0.1:8080' } },
});
