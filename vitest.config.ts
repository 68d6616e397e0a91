import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/**
 * Unit and integration tests. Integration tests (`*.integration.test.ts`)
 * run on in-memory PGlite and, when TEST_DATABASE_URL is set, once more on a
 * real PostgreSQL in a throwaway database (see src/test/postgres-global-setup.ts
 * and src/test/database.ts).
 */
const integration = 'src/**/*.integration.test.{ts,tsx}'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [viteReact()],
  test: {
    setupFiles: ['src/test/setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
          exclude: [integration],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: [integration],
          environment: 'node',
          env: { DATABASE_URL: 'memory://', NODE_ENV: 'test' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: [integration],
                environment: 'node',
                env: { NODE_ENV: 'test' },
                globalSetup: ['src/test/postgres-global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
})
