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
  build: {
    // The budget script (scripts/budget.mjs) reads the manifest to sum the JS each route needs.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./tests/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    // Code that forgets Europe/Oslo must fail (HOUSE-STYLE §13).
    env: { TZ: 'America/Los_Angeles' },
    restoreMocks: true,
  },
});
