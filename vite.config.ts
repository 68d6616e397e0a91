import { createRequire } from 'node:module'
import path from 'node:path'

import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Plugin } from 'vite'

import { SWAGGER_UI_PATH } from './src/lib/api-docs.ts'
import { parseEnv } from './src/lib/env.server.ts'
import { DEFAULT_PGLITE_DIR, lockFolder } from './src/server/db/client.server.ts'
import { messageChunksManifest } from './src/server/fast-paths/message-chunks.vite.ts'
import { paintFirstManifest } from './src/server/fast-paths/paint-first.vite.ts'

/**
 * `npm run dev` stops at once on an invalid environment, as production does, and a second dev
 * server on the same embedded database stops now, not at its first request. In a hook of the dev
 * server, not in the config's body: the tools that only read this file (knip in `npm run lint`)
 * must start nothing, nor take the database folder of a running dev server.
 */
function devStartChecks(): Plugin {
  return {
    name: 'start-books:dev-start-checks',
    apply: 'serve',
    configureServer() {
      if (process.env.VITEST) return
      try {
        const { DATABASE_URL } = parseEnv(process.env)
        if (!DATABASE_URL || DATABASE_URL.startsWith('file://')) {
          const release = lockFolder(DATABASE_URL?.slice('file://'.length) ?? DEFAULT_PGLITE_DIR)
          process.once('exit', release)
        }
      } catch (error) {
        console.error((error as Error).message)
        process.exit(1)
      }
    },
  }
}

export default defineConfig(({ command }) => {
  return {
    resolve: { tsconfigPaths: true },
    server: { port: Number(process.env.PORT ?? 3000) },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // What every page loads before it runs (the modules the entry imports, React, the
              // router and query) is one file, not the ~30 small shared chunks the default split
              // made of it: 10 KB gzip less on /login (docs/decisions/023-light-pages.md).
              // Route components, loaders and what only they import stay split per route.
              codeSplitting: {
                groups: [{ name: 'initial', tags: ['$initial'], includeDependenciesRecursively: false }],
              },
            },
          },
        },
      },
    },
    plugins: [
      devStartChecks(),
      tailwindcss(),
      tanstackStart({
        srcDirectory: 'src',
        router: {
          // A route's loader is split from it too (issue 14): the browser loads it on the first
          // navigation that runs it, never on a hydration (which reuses the server's data), so the
          // API client and the queries the loaders prefetch stay out of every page's first load.
          codeSplittingOptions: {
            defaultBehavior: [
              ['loader'],
              ['component'],
              ['pendingComponent'],
              ['errorComponent'],
              ['notFoundComponent'],
            ],
          },
        },
      }),
      nitro({
        // The build's static files get the pipeline's security headers (src/server/http).
        plugins: ['./src/server/process/nitro-startup.ts', './src/server/http/static-headers.nitro.ts'],
        // The production server's entry owns its graceful shutdown (docs/decisions/013-operations.md).
        ...(command === 'build' ? { entry: './src/server/process/node-server.ts' } : {}),
        // Run the dev server in this process (not a worker thread), so that
        // Ctrl+C reaches the handler that closes the embedded database.
        devServer: { runner: 'self' },
        // PGlite loads its WASM and data files at run time: copy the whole package.
        traceDeps: ['@electric-sql/pglite*'],
        rolldownConfig: {
          output: {
            // V8 keeps each module's source, two bytes a character if one is
            // beyond Latin-1: escaped, and comments dropped, ~5 MB less heap.
            charset: 'ascii',
            comments: { legal: true, annotation: false, jsdoc: false },
            // drizzle's PGlite driver in its own chunk, not in drizzle-orm's (one
            // chunk per package): a server on PostgreSQL then never loads PGlite.
            codeSplitting: {
              groups: [
                {
                  name: 'drizzle-orm-pglite',
                  test: /node_modules[\\/]drizzle-orm[\\/]pglite[\\/]/,
                  priority: 1,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
        // Assets are stored brotli- and gzip-compressed beside the originals and
        // served by encoding (the pages and API are compressed per answer, see
        // src/server/http/compression.server.ts).
        compressPublicAssets: { gzip: true, brotli: true },
        // The API reference's Swagger UI files, served by the app (dev) and
        // copied into .output/public (build): no CDN. Only what the page loads.
        publicAssets: [
          {
            dir: path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
            baseURL: SWAGGER_UI_PATH,
            maxAge: 24 * 60 * 60,
            ignore: [
              '**/*.map',
              '**/*.html',
              '**/*.md',
              '**/*.txt',
              '**/*.json',
              '**/index.*',
              '**/absolute-path.js',
              '**/oauth2-redirect.js',
              '**/swagger-initializer.js',
              '**/swagger-ui.js',
              '**/swagger-ui-es-bundle*',
            ],
          },
        ],
      }),
      viteReact(),
      // Pages paint before their script loads (src/server/fast-paths).
      paintFirstManifest(),
      // The server knows each language's message chunks, for a signed-in page to preload them.
      messageChunksManifest(),
    ],
  }
})
