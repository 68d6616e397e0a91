import type { KnipConfig } from 'knip'

/**
 * Dead-code check (`npm run lint`): files, exports and dependencies that nothing uses.
 * Knip's own plugins find most entry points (TanStack Start's route tree and `src/server.ts`,
 * Vite, Vitest, Playwright, Drizzle, ESLint, Prettier and the npm scripts); the rest is listed here.
 */
const config: KnipConfig = {
  entry: [
    // File routes: the route tree imports them, and TanStack Start's plugin reads their exports.
    'src/routes/**/*.{ts,tsx}',
    // Nitro: the production entry and the plugins named in vite.config.ts.
    'src/server/process/node-server.ts',
    'src/server/process/nitro-startup.ts',
    'src/server/http/*.nitro.ts',
    // Vitest's PostgreSQL project (only with TEST_DATABASE_URL) and a process a test spawns.
    'src/test/postgres-global-setup.ts',
    'src/test/fixtures/*.ts',
    'scripts/*.ts',
    // The main e2e app's wrapper behind PgBouncer, run by path in playwright.config.ts.
    'e2e/support/pooled-app.ts',
    // Loaded by path through Vite's module runner (bench/index.ts).
    'bench/queries.ts',
  ],
  project: ['**/*.{ts,tsx,css}'],
  // Read the stylesheets' imports (`@import 'tailwindcss'`) as module imports.
  compilers: {
    css: (text: string) =>
      [...text.matchAll(/@import\s+['"]([^'"]+)['"]/g)].map(([, id]) => `import '${id}'`).join('\n'),
  },
  ignoreExportsUsedInFile: false,
  ignoreDependencies: [
    // Its files are served as static assets, resolved by path in vite.config.ts.
    'swagger-ui-dist',
  ],
  // bench/load.ts runs `wrk` (HTTP load), bench/database.ts `pg_dump` and `psql` (start-ui-web's schema for the
  // mixed run): Debian packages (`apt-get install wrk postgresql-client`), not npm ones.
  ignoreBinaries: ['wrk', 'pg_dump', 'psql'],
  // A virtual module of Nitro's build (src/server/process/node-server.ts).
  ignoreUnresolved: ['#nitro/virtual/polyfills'],
}

export default config
