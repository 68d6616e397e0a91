import path from 'node:path'

import type { Plugin } from 'vite'

/**
 * The server build's page manifest, rewritten by `paintFirst` (./paint-first.server.ts):
 * pages load their script after their first paint. TanStack Start generates the manifest as a
 * module exporting `tsrStartManifest`; a build whose manifest does not have that shape fails here.
 */
export function paintFirstManifest(): Plugin {
  const exported = 'export const tsrStartManifest = () =>'
  return {
    name: 'start-books:paint-first-manifest',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    transform(code, id) {
      if (!id.includes('tanstack-start-manifest')) return
      if (!code.includes(exported)) this.error(`the Start manifest module no longer has \`${exported}\``)
      // Resolved from the project root (where vite runs): this file is bundled with vite.config.ts.
      const paintFirst = JSON.stringify(path.resolve('src/server/fast-paths/paint-first.server.ts'))
      return [
        `import { paintFirst } from ${paintFirst}`,
        code.replace(exported, 'const buildManifest = () =>'),
        `${exported} paintFirst(buildManifest())`,
      ].join('\n')
    },
  }
}
