import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/* `npm run screens`: the gallery of every route (e2e/screens), on the same stack as the e2e tests. */
export default defineConfig({
  ...base,
  testDir: 'e2e/screens',
  testIgnore: [],
  retries: 0,
  reporter: [['list']],
});
