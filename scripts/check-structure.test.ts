import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cycleProblems, featureProblems, namingProblems } from './check-structure.mjs';

let root = '';

function files(...paths: string[]) {
  for (const path of paths) write(path, '');
}

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A solution tsconfig like ours: one referenced project over src with the @/ alias. */
function project(modules: Record<string, string>) {
  write('tsconfig.json', JSON.stringify({ files: [], references: [{ path: './tsconfig.app.json' }] }));
  write(
    'tsconfig.app.json',
    JSON.stringify({
      compilerOptions: { moduleResolution: 'bundler', module: 'ESNext', paths: { '@/*': ['./src/*'] } },
      include: ['src'],
    }),
  );
  for (const [path, text] of Object.entries(modules)) write(path, text);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'structure-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the feature template check', () => {
  it('accepts a feature made of the template’s folders and files', () => {
    files(
      'src/features/leads/api/keys.ts',
      'src/features/leads/api/update-lead-status.ts',
      'src/features/leads/components/status-select.tsx',
      'src/features/leads/components/leads.module.css',
      'src/features/leads/routes/lead-list.tsx',
      'src/features/leads/hooks/use-filters.ts',
      'src/features/leads/locales/nb.json',
      'src/features/leads/utils/csv.ts',
      'src/features/leads/constants.ts',
    );
    expect(featureProblems(root)).toEqual([]);
    expect(namingProblems(root)).toEqual([]);
  });

  it('refuses a file or folder outside the vocabulary, naming it', () => {
    files(
      'src/features/leads/api.ts',
      'src/features/leads/importer/csv.ts',
      'src/features/leads/api/keys.ts',
    );
    const problems = featureProblems(root);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^src\/features\/leads\/api\.ts: not in the feature template/);
    expect(problems[1]).toMatch(/^src\/features\/leads\/importer: not in the feature template/);
  });

  it('refuses a name that is not kebab-case, in tests and e2e too', () => {
    files('src/features/leads/components/StatusSelect.tsx', 'tests/lib/my_helper.ts', 'e2e/Leads.spec.ts');
    expect(namingProblems(root).sort()).toEqual([
      'e2e/Leads.spec.ts: name it in kebab-case (lower-case words joined by hyphens).',
      'src/features/leads/components/StatusSelect.tsx: name it in kebab-case (lower-case words joined by hyphens).',
      'tests/lib/my_helper.ts: name it in kebab-case (lower-case words joined by hyphens).',
    ]);
  });
});

describe('the import cycle check', () => {
  it('finds two modules that import each other, through the alias too', () => {
    project({
      'src/lib/a.ts': "import { b } from '@/lib/b';\nexport const a = () => b;",
      'src/lib/b.ts': "import { a } from './a';\nexport const b = () => a;",
    });
    expect(cycleProblems(root)).toEqual([
      expect.stringMatching(
        /^src\/lib\/a\.ts:1 imports '@\/lib\/b' → src\/lib\/b\.ts:1 imports '.\/a' → back to src\/lib\/a\.ts: an import cycle/,
      ),
    ]);
  });

  it('follows re-exports, side-effect imports and import()', () => {
    project({
      'src/lib/a.ts': "export { b } from './b';",
      'src/lib/b.ts': "import './c';\nexport const b = 1;",
      'src/lib/c.ts': "export const load = () => import('./a');",
    });
    expect(cycleProblems(root)).toEqual([
      expect.stringMatching(/^src\/lib\/a\.ts:1 .* → back to src\/lib\/a\.ts/),
    ]);
  });

  it('leaves out imports of types only, which are erased', () => {
    project({
      'src/lib/a.ts': "import type { B } from './b';\nimport { type C } from './c';\nexport type A = B | C;",
      'src/lib/b.ts': "import { a } from './a';\nexport type B = number;\nexport const b = a;",
      'src/lib/c.ts': "export { type A } from './a';\nexport type C = string;",
      'src/lib/d.ts': "import React from 'react';\nexport const d = React;",
    });
    expect(cycleProblems(root)).toEqual([]);
  });
});
