import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { overflowOf, PHONE } from './support/phone';

/*
 * GoTrue's e-mail templates (`npm run emails:templates`, the shared layout) as a small phone shows
 * them: rendered in Chromium 360 px wide with long addresses and links, nothing is wider than the screen.
 */

const FOLDER = path.join(process.cwd(), 'supabase', 'templates');
const templates = readdirSync(FOLDER).filter((name) => name.endsWith('.html'));

/** What GoTrue fills in, long where it can be: a long address and a link with a 56-character hash. */
const FILLED: Record<string, string> = {
  '.Email': 'kristoffer.nordmann-halvorsen@eksempel-entreprenor.no',
  '.NewEmail': 'kristoffer.nordmann-halvorsen@ny-entreprenor-bedrift.no',
  '.Data.full_name': 'Kristoffer Nordmann-Halvorsen',
  '.SiteURL': 'https://app.leadtorget.no',
  '.Token': '123456',
  '.TokenHash': 'pkce_0f3c9a7b2e4d6f8a1c3e5b7d9f0a2c4e6b8d0f1a3c5e7b9d1f3a5c7e',
  '.RedirectTo | urlquery': 'https%3A%2F%2Fapp.leadtorget.no%2Fleads%2Fmarketplace%2Fonboarding',
};

/** The template with its Go actions filled in; `if`/`end` are dropped (every branch is shown). */
function filled(template: string): string {
  return template.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (action, name: string) => {
    if (name.startsWith('if ') || name === 'end') return '';
    const value = FILLED[name];
    if (value === undefined) throw new Error(`an unknown Go action: ${action}`);
    return value;
  });
}

test('every GoTrue e-mail template fits a 360 px screen', async ({ page }) => {
  expect(templates.length).toBeGreaterThan(0);
  await page.setViewportSize(PHONE);
  for (const name of templates) {
    await page.setContent(filled(readFileSync(path.join(FOLDER, name), 'utf8')));
    const overflow = await overflowOf(page);
    expect(overflow.wider, name).toEqual([]);
    expect(overflow.scrollWidth, name).toBeLessThanOrEqual(PHONE.width);
  }
});
