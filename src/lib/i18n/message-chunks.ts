import type { Language } from './config'

/**
 * The browser's message chunks (the `import.meta.glob` files of messages.ts) per language, as
 * the build named them (`/assets/shell-<hash>.js`…): written into the server's build by
 * src/server/fast-paths/message-chunks.vite.ts. Empty in development, in tests and in the
 * browser's build, which never need them.
 */
const CHUNKS: Record<string, string[] | undefined> = {}

/** The URLs of `language`'s message chunks, for a signed-in page to preload (decision 046). */
export function messageChunks(language: Language): string[] {
  return CHUNKS[language] ?? []
}
