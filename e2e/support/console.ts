import { expect, type Page } from '@playwright/test';

/**
 * What a page wrote to the console as errors (console.error, unhandled rejections, uncaught errors,
 * and the browser's own «Failed to load resource» for a 4xx/5xx answer). An expected answer — a
 * declined card, a wrong code — is shown to the user in Norwegian and must leave the console clean.
 */
export function watchConsoleErrors(page: Page): { expectNone: () => void; errors: string[] } {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return {
    errors,
    expectNone: () => expect(errors, 'the console has no errors').toEqual([]),
  };
}
