#!/usr/bin/env node
/**
 * The shape every feature keeps (docs/feature-template.md), checked in `npm run check`:
 * - inside src/features/<area>/ only the template's folders and files;
 * - every file and folder name in the app's code is kebab-case.
 * Prints each problem with what to do; exits 1 when there is one.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FEATURE_FOLDERS = ['api', 'components', 'routes', 'hooks', 'locales', 'utils'];
export const FEATURE_FILES = ['schemas.ts', 'types.ts', 'utils.ts', 'constants.ts'];
/** Where names must be kebab-case (tool-owned places such as migrations keep their tools' names). */
export const KEBAB_ROOTS = ['src', 'tests', 'e2e', 'scripts'];

const TEMPLATE =
  `A feature holds only the folders ${FEATURE_FOLDERS.join('/ ')}/ and the files ` +
  `${FEATURE_FILES.join(' ')} (docs/feature-template.md).`;

// lower-case words joined by hyphens, then any number of lower-case extensions (.module.css, .d.ts).
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

function entries(folder) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** What does not fit the template inside each src/features/<area>. */
export function featureProblems(root) {
  const problems = [];
  const featuresFolder = join(root, 'src', 'features');
  for (const feature of entries(featuresFolder)) {
    const where = `src/features/${feature.name}`;
    if (!feature.isDirectory()) {
      problems.push(`${where}: a loose file in src/features; put it inside a feature.`);
      continue;
    }
    for (const entry of entries(join(featuresFolder, feature.name))) {
      const allowed = entry.isDirectory()
        ? FEATURE_FOLDERS.includes(entry.name)
        : FEATURE_FILES.includes(entry.name);
      if (!allowed) {
        problems.push(`${where}/${entry.name}: not in the feature template. ${TEMPLATE}`);
      }
    }
  }
  return problems;
}

/** Every file or folder below the kebab roots whose name is not kebab-case. */
export function namingProblems(root) {
  const problems = [];
  const walk = (folder) => {
    for (const entry of entries(folder)) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (!KEBAB.test(entry.name)) {
        problems.push(`${relative(root, path)}: name it in kebab-case (lower-case words joined by hyphens).`);
      }
      if (entry.isDirectory()) walk(path);
    }
  };
  for (const kebabRoot of KEBAB_ROOTS) walk(join(root, kebabRoot));
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const problems = [...featureProblems(root), ...namingProblems(root)];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} structure problem(s).`);
    process.exit(1);
  }
  console.log('Structure: every feature fits the template; every name is kebab-case.');
}
