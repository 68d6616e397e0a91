/**
 * The page routes' templates (`/app/books/$id`) a vitals report may name,
 * installed by the server entry from the route tree (src/server.ts), which
 * the API's modules cannot import. On globalThis: the build holds two copies
 * of the server's modules. None installed: every route is refused.
 */
const key = Symbol.for('start-books.page-routes')
const holder = globalThis as { [key]?: ReadonlySet<string> }

export function installPageRoutes(templates: Iterable<string>) {
  holder[key] = new Set([...templates].filter((template) => !template.startsWith('/api/')))
}

export const isPageRoute = (template: string) => holder[key]?.has(template) ?? false
