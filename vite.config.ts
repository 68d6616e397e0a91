import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'
import { parseEnv } from './src/lib/env.server'

export default defineConfig(({ command }) => {
  // `npm run dev` stops at once on an invalid environment, as production does.
  if (command === 'serve' && !process.env.VITEST) {
    try {
      parseEnv(process.env)
    } catch (error) {
      console.error((error as Error).message)
      process.exit(1)
    }
  }
  return {
    resolve: { tsconfigPaths: true },
    server: { port: Number(process.env.PORT ?? 3000) },
    plugins: [
      tailwindcss(),
      tanstackStart({ srcDirectory: 'src' }),
      nitro({
        plugins: ['./src/server/nitro-startup.ts'],
        // PGlite loads its WASM and data files at run time: copy the whole package.
        traceDeps: ['@electric-sql/pglite*'],
      }),
      viteReact(),
    ],
  }
})
