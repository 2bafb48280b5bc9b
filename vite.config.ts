import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Ports match `supabase start` and the embedded platform (ARCHITECTURE §9): the app on 5173.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
  // Module workers (the importer's worker is started with type 'module'): a dynamic import inside a
  // worker becomes a lazy chunk of its own (the .xlsx reader), which the default 'iife' would inline.
  worker: { format: 'es' },
  build: {
    // The budget script (scripts/budget.mjs) reads the manifest to sum the JS each route needs.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own: cached across deploys, shared by the signed-in app and
        // the embeddable pages, and each under the 60 KiB lazy-chunk budget (ARCHITECTURE §10).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
            },
            {
              name: 'supabase',
              test: /node_modules[\\/]@supabase[\\/](auth-js|postgrest-js|functions-js)[\\/]/,
            },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          globals: true,
          setupFiles: ['./tests/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
          // Code that forgets Europe/Oslo must fail (HOUSE-STYLE §13).
          env: { TZ: 'America/Los_Angeles' },
        },
      },
      {
        // The project's own checks (scripts/): the structure check and the lint rules, on fixtures.
        extends: true,
        test: {
          name: 'scripts',
          environment: 'node',
          globals: true,
          include: ['scripts/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        // The embedded local platform (supabase/local): Node, real databases, real supabase-js.
        extends: true,
        test: {
          name: 'platform',
          environment: 'node',
          globals: true,
          include: ['supabase/local/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
