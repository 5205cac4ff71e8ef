import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const contractSrc = fileURLToPath(new URL('../packages/contract/src/', import.meta.url));

/**
 * Navigations the service worker never answers with the app shell: the API, the admin panel and its
 * remote (online only, never cached), the server's own pages, and any path naming a file.
 */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/admin/, /^\/certificados(\/|$)/, /^\/media\//, /^\/gateway-health$/, /\/[^/]+\.[^/]+$/];

/**
 * Writes `<file>.gz` beside every text file of the build, compressed once at the highest level: the
 * gateway sends these as they are (`gzip_static`), smaller than its on-the-fly compression and without
 * compressing the same file on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'clima-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(m?js|css|html|svg|json|webmanifest)$/.test(file.fileName)) continue;
        const body = file.type === 'chunk' ? file.code : file.source;
        if (body.length < 1024) continue;
        writeFileSync(join(outDir, `${file.fileName}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

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
    precompress(),
    // The installable app: manifest, and a service worker that precaches the shell (every chunk of this
    // build, so each screen opens offline) and answers navigations with it. API answers carry
    // subscription-gated data and stay network-only, but for the videos the user saved for offline use
    // (runtimeCaching below); the admin remote is another build, never precached. Registered by src/app/service-worker.ts in production builds only.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Clima Pro',
        short_name: 'Clima Pro',
        description: 'Vídeos técnicos, cursos, manuais de fabricantes e ranking para técnicos de ar-condicionado e refrigeração.',
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0369a1',
        background_color: '#f8fafc',
        categories: ['education', 'productivity'],
        icons: [
          { src: '/icons/clima-pro-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/clima-pro-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/clima-pro-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/clima-pro-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['index.html', 'assets/**/*.{js,mjs,css,woff2}', 'favicon.svg'],
        // the manuals viewer's pdf.js worker is the largest file and must open offline too
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        // The one runtime route: the videos kept offline ('Baixar para assistir offline', issue 28), which the
        // page itself puts in their own cache (src/shared/offline-videos). Answered from that cache, Range
        // requests cut out of the stored file (seeking); never added to it here, so nothing else is kept.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/files\/videos\/[^/]+\/(?:offline\.mp4|captions\.vtt)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'clima-videos-offline',
              rangeRequests: true,
              plugins: [{ cacheWillUpdate: async () => null }],
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // a new build takes over at once; an open page reloads at its next navigation (src/app/service-worker.ts)
        skipWaiting: true,
        clientsClaim: true,
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The first load: libraries apart from the app, so that a release of the app alone leaves
            // the browser's copy of the libraries valid.
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 3 },
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The icons the screens share in one file instead of dozens of sub-kilobyte ones: each file
            // costs a round trip on a phone's connection.
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
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
