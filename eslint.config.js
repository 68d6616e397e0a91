import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import boundaries from 'eslint-plugin-boundaries'
import checkFile from 'eslint-plugin-check-file'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.output',
      'dist',
      '.data',
      '.nitro',
      '.tanstack',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    // One import order everywhere, fixed by `eslint --fix`.
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': ['error', { groups: [['^\\u0000'], ['^node:'], ['^@?\\w'], ['^@/'], ['^\\.']] }],
      'simple-import-sort/exports': 'error',
    },
  },
  {
    // kebab-case file and folder names; routes follow TanStack Router's file conventions instead.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/routes/**', 'src/routeTree.gen.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // i18n: no user-visible literal text in JSX; every string comes from t().
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-z\\u00C0-\\u024F\\u0600-\\u06FF]{2,}/]',
          message: 'User-visible text must be translated with t() (src/locales).',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt|label)$/] > Literal[value=/[A-Za-z]{2,}/]',
          message: 'User-visible attributes must be translated with t() (src/locales).',
        },
      ],
    },
  },
  {
    // Boundaries (docs/decisions/016-boundaries.md): which layer may import which, checked on every import,
    // type-only and dynamic ones included. No exceptions: a new need gets a new home, not an eslint-disable.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true } },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        // The one composition root of the API: it alone imports every feature's server procedures.
        { type: 'api-router', pattern: 'src/server/api/router.server.ts', mode: 'full' },
        // The typed API client: the browser's (and SSR's) one door to the router.
        { type: 'api-client', pattern: 'src/lib/orpc.ts', mode: 'full' },
        // Server infrastructure: HTTP pipeline, API plumbing, better-auth, database, e-mail.
        { type: 'server', pattern: 'src/server/**', mode: 'full' },
        // Shared code for client and server: session and permissions, demo mode, i18n, schemas the server needs.
        { type: 'lib', pattern: 'src/lib/**', mode: 'full' },
        // Shared UI: the design system, the layouts and error screens, the demo dialog.
        { type: 'components', pattern: 'src/components/**', mode: 'full' },
        // One folder per feature; others see only its public entry, index.ts.
        { type: 'feature', pattern: 'src/features/*', mode: 'folder', capture: ['feature'] },
        // Composition: the file routes, the router, the server entry.
        { type: 'routes', pattern: 'src/routes/**', mode: 'full' },
        { type: 'app', pattern: ['src/router.tsx', 'src/server.ts', 'src/routeTree.gen.ts'], mode: 'full' },
        { type: 'test-support', pattern: 'src/test/**', mode: 'full' },
        { type: 'locales', pattern: 'src/locales/**', mode: 'full' },
      ],
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'page', pattern: '**/*-{page,pages}.tsx' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'lib' } },
              allow: [
                { to: { element: { type: ['lib', 'locales'] } } },
                // The API's isomorphic contract (error codes): types only.
                { to: { element: { type: 'server' } }, dependency: { kind: 'type' } },
              ],
            },
            // Server-only modules of lib (env.server.ts) may use server infrastructure.
            {
              from: { element: { type: 'lib' }, file: { path: 'src/lib/**/*.server.ts' } },
              allow: { to: { element: { type: 'server' } } },
            },
            {
              from: { element: { type: 'api-client' } },
              allow: { to: { element: { type: ['lib', 'server', 'api-router'] } } },
            },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { type: ['components', 'lib', 'api-client', 'locales'] } } },
            },
            {
              from: { element: { type: 'server' } },
              allow: { to: { element: { type: ['server', 'lib', 'locales'] } } },
            },
            // The API's own plumbing mounts (handlers.server.ts) and describes (docs.server.ts) the router.
            {
              from: { element: { type: 'server' }, file: { path: 'src/server/api/*' } },
              allow: { to: { element: { type: 'api-router' } } },
            },
            {
              from: { element: { type: 'api-router' } },
              allow: [
                { to: { element: { type: ['server', 'lib'] } } },
                { to: { element: { type: 'feature', fileInternalPath: '*.server.ts' } } },
              ],
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: ['components', 'lib', 'api-client', 'server', 'locales'] } } },
                // Its own files, freely.
                { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
                // Another feature: through its public entry only.
                { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
              ],
            },
            {
              from: { element: { type: ['routes', 'app'] } },
              allow: [
                {
                  to: { element: { type: ['routes', 'app', 'components', 'lib', 'api-client', 'server', 'locales'] } },
                },
                // A feature's public entry, and its pages: the route components, which the router code-splits
                // (a page re-exported by index.ts would land in every chunk that imports the entry).
                { to: { element: { type: 'feature', fileInternalPath: ['index.ts', '*-page.tsx', '*-pages.tsx'] } } },
              ],
            },
            {
              from: { element: { type: 'test-support' } },
              allow: {
                to: { element: { type: ['test-support', 'api-router', 'api-client', 'server', 'lib', 'components'] } },
              },
            },
            // Tests may call the whole API and use the test support.
            {
              from: { file: { categories: 'test' } },
              allow: { to: { element: { type: ['test-support', 'api-router'] } } },
            },
            // Last, so no allow above overrides it: a page never imports another page.
            { from: { file: { categories: 'page' } }, disallow: { to: { file: { categories: 'page' } } } },
          ],
        },
      ],
      // No import cycles, test files and type-only imports included.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['e2e/**', 'bench/**', 'scripts/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
