import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'assistant',
  'auth',
  'booking',
  'calendars',
  'checkouts',
  'competitions',
  'forms',
  'funnels',
  'leads',
  'legal',
  'lifetime-value',
  'media',
  'meetings',
  'onboarding',
  'organizations',
  'payments',
  'popups',
];

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
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: importBoundaries }],
      'import-x/no-named-as-default-member': 'off',
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
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['Trans'],
              message:
                'Trans brings an HTML parser into the shared i18n chunk of every page (~4 KiB gzip): compose the sentence from t() parts and elements instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // vite/trim-auth-js.ts leaves these parts of auth-js out of the browser bundle.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.property.name=/^(auth|mfa)$/][property.name=/^(admin|webauthn|passkey|signInWithWeb3)$/]',
          message:
            'Not in the browser bundle: vite/trim-auth-js.ts replaces auth-js admin, WebAuthn and Web3 code with stand-ins that throw.',
        },
      ],
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
