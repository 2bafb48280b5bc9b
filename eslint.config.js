import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder in src/features is a feature: a new one is bounded from its first file.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Imports flow one way: app → features → components/lib so a feature can be changed or removed without touching another.
const importBoundaries = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'Features do not import each other. Move what both need to src/lib or src/components, or compose the two features in src/app.',
  })),
  {
    target: ['./src/features', './src/components', './src/lib'],
    from: './src/app',
    message:
      'src/app composes features; features, components and lib must not depend on it. Pass what you need in.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: './src/features',
    message:
      'Shared code must not reach into a feature. Move the piece you need into src/lib or src/components.',
  },
];

// The query cache belongs to the api/ layer of each feature and of each shared domain in src/lib
// (docs/feature-template.md).
const API_LAYERS = ['src/features/*/api/**', 'src/lib/*/api/**'];
const CACHE_WRITE =
  'invalidateQueries|setQueryData|setQueriesData|removeQueries|resetQueries|refetchQueries|cancelQueries';
const CACHE_READ_OUTSIDE_HOOKS = 'fetchQuery|fetchInfiniteQuery|prefetchQuery|ensureQueryData';
const queryKeyLiteral = {
  selector: 'Property[key.name="queryKey"] > ArrayExpression',
  message:
    'Write query keys in the api/keys.ts factory of the feature or shared domain (on its root from src/lib/api/key-roots.ts), not as an array here.',
};
const cacheWrite = {
  selector: `CallExpression[callee.property.name=/^(${CACHE_WRITE})$/]`,
  message:
    'Cache writes live in the api/ of the feature or shared domain: a mutation hook (useVerbNoun) invalidates its own keys. For what the guard reads, call refreshAccountFacts() from src/lib/account/api.',
};
const cacheReadInUi = {
  selector: `CallExpression[callee.property.name=/^(${CACHE_READ_OUTSIDE_HOOKS})$/]`,
  message: "Components read through useQuery(xQueryOptions()) from the feature's api/, not the query client.",
};
// vite/trim-auth-js.ts leaves these parts of auth-js out of the browser bundle.
const trimmedAuthJs = {
  selector:
    'MemberExpression[object.property.name=/^(auth|mfa)$/][property.name=/^(admin|webauthn|passkey|signInWithWeb3)$/]',
  message:
    'Not in the browser bundle: vite/trim-auth-js.ts replaces auth-js admin, WebAuthn and Web3 code with stand-ins that throw.',
};
const restrictedImports = [
  {
    name: 'react-i18next',
    importNames: ['Trans'],
    message:
      'Trans brings an HTML parser into the shared i18n chunk of every page (~4 KiB gzip): compose the sentence from t() parts and elements instead.',
  },
];
const queryClientInUi = {
  name: '@tanstack/react-query',
  importNames: ['useQueryClient', 'QueryClient'],
  message:
    "Components and routes call the hooks of their feature's api/ (useQuery(xQueryOptions()), useVerbNoun()); only api/ holds the query client.",
};

// `npm run lint` caches results in node_modules/.cache/eslint: a file is linted again when it or this
// config changes, not when only a file it imports does, so a type-aware finding there can wait for a
// run without the cache (CI's fresh clone, or after `rm -rf node_modules/.cache/eslint`).
export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'playwright-report',
      'test-results',
      'node_modules',
      'supabase/functions',
      'supabase/local/.data',
      '.tools',
      'eslint.config.d.ts',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      ...tseslint.configs.recommendedTypeChecked,
      ...tseslint.configs.stylisticTypeChecked,
      ...pluginQuery.configs['flat/recommended'],
      importX.flatConfigs.recommended,
      importX.flatConfigs.typescript,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: {
      'import-x/resolver': { typescript: { project: ['./tsconfig.app.json', './tsconfig.node.json'] } },
    },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': 'off',
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { boolean: true } }],
      // React Router redirects are thrown Responses.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      // Cycles are found once over the whole import graph by scripts/check-structure.mjs (part of lint):
      // this rule walked the graph again from every file and took a fifth of ESLint's time.
      'import-x/no-cycle': 'off',
      'import-x/no-restricted-paths': ['error', { zones: importBoundaries }],
      'import-x/no-named-as-default-member': 'off',
      // TypeScript itself checks that imports resolve and that a namespace or default export has
      // what is used of it; typescript-eslint's performance guide turns these off for that reason
      // (import-x/namespace alone took a sixth of ESLint's time, parsing every imported module again).
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-unresolved': 'off',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          alphabetize: { order: 'asc' },
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    rules: {
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
      'no-restricted-imports': ['error', { paths: restrictedImports }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: API_LAYERS,
    rules: { 'no-restricted-syntax': ['error', trimmedAuthJs, queryKeyLiteral, cacheWrite] },
  },
  {
    files: API_LAYERS,
    rules: { 'no-restricted-syntax': ['error', trimmedAuthJs, queryKeyLiteral] },
  },
  {
    files: ['src/features/*/{components,routes,hooks}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', trimmedAuthJs, queryKeyLiteral, cacheWrite, cacheReadInUi],
      'no-restricted-imports': ['error', { paths: [...restrictedImports, queryClientInUi] }],
    },
  },
  {
    files: ['tests/**', 'e2e/**', '**/*.test.{ts,tsx}', '*.config.ts', 'scripts/**', 'supabase/local/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
);
