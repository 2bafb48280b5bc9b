import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { featureProblems, namingProblems } from './check-structure.mjs';

let root = '';

function files(...paths: string[]) {
  for (const path of paths) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), '');
  }
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
