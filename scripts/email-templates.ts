/**
 * `npm run emails:templates` — writes GoTrue's e-mail templates (supabase/templates/<kind>.html) from
 * the shared e-mail layout (scripts/lib/auth-email-templates.ts). `-- --check` only compares, exiting
 * 1 when a file differs from what the layout makes of it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { authTemplates, TEMPLATES_FOLDER } from './lib/auth-email-templates.ts';

const check = process.argv.includes('--check');
const stale: string[] = [];
for (const [kind, html] of Object.entries(authTemplates())) {
  const file = path.join(process.cwd(), TEMPLATES_FOLDER, `${kind}.html`);
  const current = readFileSync(file, 'utf8');
  if (current === html) continue;
  stale.push(`${TEMPLATES_FOLDER}/${kind}.html`);
  if (!check) writeFileSync(file, html);
}
if (check && stale.length > 0) {
  console.error(`Out of date with the e-mail layout: ${stale.join(', ')}. Run \`npm run emails:templates\`.`);
  process.exitCode = 1;
} else {
  console.log(stale.length > 0 ? `Wrote ${stale.join(', ')}.` : 'The e-mail templates are up to date.');
}
