import { processWide } from '@/server/platform/process-wide.server'

/**
 * The page routes' templates (`/app/books/$id`) a vitals report may name,
 * installed by the server entry from the route tree (src/server.ts), which
 * the API's modules cannot import. Process-wide: the build holds two copies
 * of the server's modules. None installed: every route is refused.
 */
const installed = processWide<{ templates?: ReadonlySet<string> }>('page-routes', () => ({}))

export function installPageRoutes(templates: Iterable<string>) {
  installed.templates = new Set([...templates].filter((template) => !template.startsWith('/api/')))
}

export const isPageRoute = (template: string) => installed.templates?.has(template) ?? false
