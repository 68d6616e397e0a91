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

/**
 * The floors of src/server, from the ground up (docs/architecture.md draws them): a room
 * imports only the rooms of the floors below its own, never a room beside it or above it.
 * Every folder of src/server stands on one (src/server/floors.test.ts).
 */
export const SERVER_FLOORS = [
  ['platform'],
  ['db'],
  ['http'],
  ['queue', 'lists'],
  ['email', 'pictures'],
  ['auth'],
  ['fast-paths', 'observability'],
  ['jobs', 'api', 'forms'],
  ['pipeline', 'process'],
]

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
      // import-x reads TypeScript files (its TypeScript preset's extensions and parser) and resolves '@/…'.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      // '@/…' is this project's alias (tsconfig paths), not a scoped package.
      'import-x/internal-regex': '^@/',
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // The layers (folders). The first pattern that matches a file gives its layer.
      'boundaries/elements': [
        // Server infrastructure, one element per room (folder) of src/server: its floor is SERVER_FLOORS'.
        { type: 'server', pattern: 'src/server/*', partialMatch: false, capture: ['room'] },
        // Shared code for client and server: session and permissions, demo mode, i18n, schemas the server needs.
        { type: 'lib', pattern: 'src/lib', partialMatch: false },
        // Shared UI: the design system, the layouts and error screens, the demo dialog.
        { type: 'components', pattern: 'src/components', partialMatch: false },
        // One folder per feature; the others see only its public entry.
        { type: 'feature', pattern: 'src/features/*', partialMatch: false, capture: ['feature'] },
        { type: 'routes', pattern: 'src/routes', partialMatch: false },
        { type: 'test-support', pattern: 'src/test', partialMatch: false },
        { type: 'locales', pattern: 'src/locales', partialMatch: false },
        // What is left at the top of src: the router, the server entry, the generated route tree.
        { type: 'app', pattern: 'src', partialMatch: false },
      ],
      // Files with a role of their own inside a layer.
      'boundaries/files': [
        // The one composition root of the API: it alone imports every feature's server procedures.
        { category: 'api-router', pattern: 'src/server/api/router.server.ts' },
        // The API's plumbing that mounts (handlers) and describes (docs) the router.
        { category: 'api-plumbing', pattern: 'src/server/api/{handlers,docs}.server.ts' },
        // The typed API client: the one door from the UI to the router (and its lazy loader).
        { category: 'api-client', pattern: 'src/lib/{orpc,lazy-api}.ts' },
        // Server-only modules of lib (env.server.ts, ...).
        { category: 'server-only', pattern: 'src/lib/**/*.server.ts' },
        // A feature's public entry, and its pages (route components, which the router code-splits:
        // a page re-exported by index.ts would land in every chunk that imports the entry).
        { category: 'public-entry', pattern: 'src/features/*/index.ts' },
        { category: 'page', pattern: '**/*-{page,pages}.tsx' },
        // A feature's answers to its pages' form posts (a route's `server.handlers.POST`; server-only).
        { category: 'form-posts', pattern: 'src/features/*/form-posts.server.ts' },
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'styles', pattern: 'src/*.css' },
      ],
    },
    rules: {
      // Policies are read in order; the last one that matches a dependency decides.
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Imports inside one layer or feature are checked too (the router, the API client, pages).
          checkInternals: true,
          policies: [
            // 1. The layers.
            {
              from: { element: { type: 'lib' } },
              allow: [
                { to: { element: { type: ['lib', 'locales'] } } },
                // The API's isomorphic contract (error codes, src/server/http/api-errors.ts): types only.
                { to: { element: { type: 'server' } }, dependency: { kind: 'type' } },
              ],
            },
            { from: { file: { categories: 'server-only' } }, allow: { to: { element: { type: 'server' } } } },
            {
              from: { element: { type: 'components' } },
              allow: [
                { to: { element: { type: ['components', 'lib', 'locales'] } } },
                { to: { file: { categories: 'styles' } } },
              ],
            },
            {
              from: { element: { type: 'server' } },
              allow: [
                { to: { element: { type: ['lib', 'locales'] } } },
                // Its own room, freely.
                { to: { element: { type: 'server', captured: { room: '{{ from.element.captured.room }}' } } } },
              ],
            },
            // The floors of src/server: a room imports only rooms of the floors below its own.
            ...SERVER_FLOORS.flatMap((rooms, floor) =>
              floor === 0
                ? []
                : [
                    {
                      from: { element: { type: 'server', captured: { room: rooms } } },
                      allow: {
                        to: { element: { type: 'server', captured: { room: SERVER_FLOORS.slice(0, floor).flat() } } },
                      },
                    },
                  ],
            ),
            // A test stands above every floor (it may set up what sits above the room it tests).
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'server' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: ['components', 'lib', 'server', 'locales'] } } },
                // Its own files, freely.
                { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
                // Another feature: through its public entry only.
                { to: { file: { categories: 'public-entry' } } },
              ],
            },
            {
              from: { element: { type: ['routes', 'app'] } },
              allow: [
                { to: { element: { type: ['routes', 'app', 'components', 'lib', 'server', 'locales'] } } },
                { to: { file: { categories: ['public-entry', 'page', 'form-posts'] } } },
              ],
            },
            {
              from: { element: { type: 'test-support' } },
              allow: { to: { element: { type: ['test-support', 'server', 'lib', 'components'] } } },
            },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'test-support' } } } },
            // 2. The API router and its typed client: nobody, then the few that may.
            { disallow: { to: { file: { categories: ['api-router', 'api-client'] } } } },
            {
              from: { file: { categories: ['api-client', 'api-plumbing', 'test'] } },
              allow: { to: { file: { categories: 'api-router' } } },
            },
            { from: { element: { type: 'test-support' } }, allow: { to: { file: { categories: 'api-router' } } } },
            {
              from: { file: { categories: 'api-client' } },
              allow: [{ to: { element: { type: 'server' } } }, { to: { file: { categories: 'api-client' } } }],
            },
            {
              from: { element: { type: ['components', 'feature', 'routes', 'app', 'test-support'] } },
              allow: { to: { file: { categories: 'api-client' } } },
            },
            {
              from: { file: { categories: 'api-router' } },
              allow: { to: { element: { type: 'feature' }, file: { path: 'src/features/*/*.server.ts' } } },
            },
            // 3. Last, so nothing above overrides it: a page never imports another page.
            { from: { file: { categories: 'page' } }, disallow: { to: { file: { categories: 'page' } } } },
          ],
        },
      ],
      // No import cycles, test files and type-only imports included.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // One import statement per module.
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // Process-wide server state has one helper (processWide): a new hand-written globalThis holder fails here.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/platform/process-wide.server.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['globalThis', 'global'].map((name) => ({
          name,
          message: 'Process-wide state goes through processWide (src/server/platform/process-wide.server.ts).',
        })),
      ],
    },
  },
  {
    files: ['e2e/**', 'bench/**', 'scripts/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Every spec's pages keep a clean console (e2e/support/console.ts): its `test` and `expect`, never Playwright's own.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message:
                "Take `test` and `expect` from './support/console': it fails a test on a console error or warning.",
            },
          ],
        },
      ],
    },
  },
)
