#!/usr/bin/env node
/**
 * `npm run check:colours` (part of `npm run lint`): no raw colour value in a stylesheet but the token
 * file, src/styles/tokens.css. A colour in a feature's CSS would dodge the themes and the contrast test
 * over the token pairs (tests/lib/design-tokens.test.ts); name it as a token instead.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = process.cwd();
const TOKENS = join('src', 'styles', 'tokens.css');
// #rgb … #rrggbbaa, the colour functions, and the two named colours a hand reaches for.
const RAW_COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|:\s*(?:white|black)\s*[;}]/i;

function* stylesheets(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* stylesheets(path);
    else if (entry.name.endsWith('.css')) yield path;
  }
}

export function rawColours(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .split('\n')
    .flatMap((line, index) => (RAW_COLOUR.test(line) ? [{ line: index + 1, text: line.trim() }] : []));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [];
  for (const path of stylesheets(join(ROOT, 'src'))) {
    if (relative(ROOT, path) === TOKENS) continue;
    for (const found of rawColours(readFileSync(path, 'utf8')))
      problems.push(`${relative(ROOT, path)}:${found.line}: ${found.text} — use a token of ${TOKENS}`);
  }
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exitCode = 1;
  else console.log(`check:colours: no raw colour outside ${TOKENS}.`);
}
