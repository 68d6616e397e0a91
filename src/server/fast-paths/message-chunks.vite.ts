import type { Plugin } from 'vite'

const MODULE = '/src/lib/i18n/message-chunks.ts'
const EMPTY = /const CHUNKS: [^=]+= \{\}/

/**
 * Names each language's message chunks (the `src/locales/<language>/<namespace>.json` modules
 * of the browser's build, as hashed files) in the server's build: the browser's build is
 * written first (TanStack Start builds the client, then the server, with plugins shared), this
 * keeps its chunk names and writes them into src/lib/i18n/message-chunks.ts for the server, so
 * a signed-in page preloads its language's (decision 046). A build that does not give the
 * server those names fails here.
 */
export function messageChunksManifest(): Plugin {
  let chunks: Record<string, string[]> | undefined
  return {
    name: 'start-books:message-chunks',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const base = this.environment.config.base
      const found: Record<string, string[]> = {}
      for (const file of Object.values(bundle)) {
        // A file the entry holds (English's shell, imported by the root error page) is on the page already.
        if (file.type !== 'chunk' || file.isEntry) continue
        for (const id of file.moduleIds) {
          const language = /\/src\/locales\/([^/]+)\/[^/]+\.json$/.exec(id)?.[1]
          const href = `${base}${file.fileName}`
          if (language && !found[language]?.includes(href)) (found[language] ??= []).push(href)
        }
      }
      chunks = Object.fromEntries(Object.entries(found).map(([language, files]) => [language, files.sort()]))
    },
    transform(code, id) {
      if (this.environment.name !== 'ssr' || !id.endsWith(MODULE)) return
      if (!chunks || Object.keys(chunks).length === 0) this.error('no message chunks from the browser build')
      if (!EMPTY.test(code)) this.error(`${MODULE} no longer declares \`const CHUNKS: … = {}\``)
      return code.replace(EMPTY, (declaration) => declaration.replace(/\{\}$/, JSON.stringify(chunks)))
    },
  }
}
