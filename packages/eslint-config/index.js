/**
 * The repository's ESLint flat config (`eslint.config.js` at the root re-exports it): ESLint's and
 * typescript-eslint's recommended rules, React hooks rules for the front end, and the
 * architecture's import boundaries (boundaries.js) with `import-x`. This package carries its own
 * TypeScript 6 because typescript-eslint needs TypeScript's JS API, which TypeScript 7 (the
 * workspaces' compiler) does not have.
 */
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryZones } from './boundaries.js';

const TS_PROJECTS = [
  'packages/contracts/tsconfig.json',
  'backend/tsconfig.json',
  'worker/tsconfig.json',
  'frontend/tsconfig.json',
  'e2e/tsconfig.json',
];

/** @param {string} root absolute path of the repository. */
export function ironcladConfig(root) {
  return tseslint.config(
    {
      ignores: [
        '**/node_modules/**',
        '**/dist/**',
        '**/dist-ssr/**',
        'data/**',
        'playwright-report/**',
        'test-results/**',
        'frontend/public/**',
        '**/*.d.ts',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      files: ['**/*.{ts,tsx,js,mjs,cjs}'],
      languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
      plugins: { 'import-x': importX },
      settings: {
        // import-x parses the imported TypeScript modules too (no-cycle follows them)
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            project: TS_PROJECTS.map((p) => `${root}/${p}`),
            alwaysTryTypes: true,
            noWarnOnMultipleProjects: true,
          }),
        ],
      },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
        ],
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }],
        'import-x/no-self-import': 'error',
        'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
        'no-console': 'off',
        // Reports values read only inside TypeScript parameter decorators (e.g. a zod schema in
        // `@Param(name, new ZodValidationPipe(schema))`) as never used.
        'no-useless-assignment': 'off',
      },
    },
    {
      files: ['backend/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
    {
      files: ['frontend/src/**/*.{ts,tsx}'],
      languageOptions: { globals: { ...globals.browser } },
      plugins: { 'react-hooks': reactHooks },
      rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
    },
    {
      files: ['e2e/**/*.ts', 'frontend/scripts/**', 'scripts/**'],
      languageOptions: { globals: { ...globals.node, ...globals.browser } },
    },
  );
}
