import { ESLint, type Linter } from 'eslint';
import config from '../eslint.config.js';

/**
 * The rules that keep the feature template, run on small pieces of code as if they were files of
 * the app. Only these rules run (no type information), so the test is quick and says which rule fired.
 */
const RULES = ['no-restricted-syntax', 'no-restricted-imports', 'import-x/no-restricted-paths'];

function withoutTypes(entry: Linter.Config): Linter.ParserOptions {
  const parserOptions = (entry.languageOptions?.parserOptions ?? {}) as Linter.ParserOptions;
  return { ...parserOptions, projectService: false };
}

const templateRulesOnly = config.map((entry) => ({
  ...entry,
  rules: Object.fromEntries(Object.entries(entry.rules ?? {}).filter(([rule]) => RULES.includes(rule))),
  languageOptions: { ...entry.languageOptions, parserOptions: withoutTypes(entry) },
}));

const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: templateRulesOnly });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the feature template lint', () => {
  it('refuses a query-client call in a component', async () => {
    const found = await problems(
      'src/features/leads/components/status-select.tsx',
      `import { useQueryClient } from '@tanstack/react-query';
       export function StatusSelect() {
         const queryClient = useQueryClient();
         void queryClient.invalidateQueries({ queryKey: ['leads'] });
         return null;
       }`,
    );
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*only api\/ holds the query client/),
      expect.stringMatching(/^no-restricted-syntax: Cache writes live in the api\/ of the feature/),
      expect.stringMatching(/^no-restricted-syntax: Write query keys in the api\/keys\.ts factory/),
    ]);
  });

  it('refuses a hand-typed query key anywhere, also in api/', async () => {
    const found = await problems(
      'src/features/leads/api/get-leads.ts',
      `import { queryOptions } from '@tanstack/react-query';
       export const leadsQueryOptions = (id: string) =>
         queryOptions({ queryKey: ['leads', id], queryFn: () => Promise.resolve([]) });`,
    );
    expect(found).toEqual([expect.stringMatching(/^no-restricted-syntax: Write query keys/)]);
  });

  it('lets a mutation hook in api/ invalidate its keys', async () => {
    const found = await problems(
      'src/features/leads/api/update-lead-status.ts',
      `import { useMutation, useQueryClient } from '@tanstack/react-query';
       const leadKeys = { all: ['leads'] as const };
       export function useUpdateLeadStatus() {
         const queryClient = useQueryClient();
         return useMutation({
           mutationFn: () => Promise.resolve(),
           onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
         });
       }`,
    );
    expect(found).toEqual([]);
  });

  it('lets the api/ of a shared domain in src/lib invalidate its keys, as a feature api/ does', async () => {
    const found = await problems(
      'src/lib/media/api/delete-media.ts',
      `import { useMutation, useQueryClient } from '@tanstack/react-query';
       const mediaKeys = { all: ['media'] as const };
       export function useDeleteMedia() {
         const queryClient = useQueryClient();
         return useMutation({
           mutationFn: () => Promise.resolve(),
           onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
         });
       }`,
    );
    expect(found).toEqual([]);
  });

  it.each(['src/lib/account/avatar.ts', 'src/lib/media/check-file.ts', 'src/lib/listings/sold.ts'])(
    'refuses a cache write in a shared domain outside its api/ (%s)',
    async (filePath) => {
      const found = await problems(
        filePath,
        `import type { QueryClient } from '@tanstack/react-query';
         const accountKeys = { all: ['account'] as const };
         export const forget = (queryClient: QueryClient) =>
           queryClient.removeQueries({ queryKey: accountKeys.all });`,
      );
      expect(found).toEqual([expect.stringMatching(/^no-restricted-syntax: Cache writes live in the api\//)]);
    },
  );

  it('refuses a feature importing another — account too, which a hand-kept list once missed', async () => {
    const found = await problems(
      'src/features/account/routes/profile-settings.tsx',
      `import { paths } from '@/lib/paths';
       import '@/features/auth/locales/nb.json';
       export const where = paths.auth;`,
    );
    expect(found).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Features do not import each other/),
    ]);
  });
});
