/*
 * Pages paint before their script loads (issue 14, docs/decisions/023-light-pages.md).
 *
 * TanStack Start's build manifest gives each route the modules it preloads
 * (`<link rel="modulepreload">` in the head) and gives the root the entry
 * module (`<script type="module" async>`). The browser then fetched, compiled
 * and ran the whole app before its first paint: on a mid-range phone that put
 * 1.5 s of script between the server's HTML and the page on screen, although
 * the HTML needs no script to show. `paintFirst` rewrites the manifest so that
 * each route instead carries a small inline script that, once the browser has
 * shown the page, adds the same preloads and (for the root) runs the entry:
 * the same files, fetched in parallel as before, after the first paint.
 * vite.config.ts applies it to the manifest the server build is given.
 */
import { afterPaintScript } from '@/lib/after-paint'

/** What this needs of a route in the build manifest (@tanstack/start-plugin-core's serialized manifest). */
interface ManifestRoute {
  preloads?: (string | { href: string })[]
  scripts?: { attrs?: Record<string, unknown>; children?: string }[]
  [key: string]: unknown
}

interface StartManifest {
  routes: Record<string, ManifestRoute>
  [key: string]: unknown
}

const isEntryScript = (script: NonNullable<ManifestRoute['scripts']>[number]) =>
  script.attrs?.type === 'module' && typeof script.attrs.src === 'string'

export function paintFirst<Manifest extends StartManifest>(manifest: Manifest): Manifest {
  const routes: Record<string, ManifestRoute> = {}
  for (const [id, route] of Object.entries(manifest.routes)) {
    const { preloads = [], scripts = [], ...rest } = route
    const hrefs = preloads.map((preload) => (typeof preload === 'string' ? preload : preload.href))
    const entry = scripts.find(isEntryScript)?.attrs?.src as string | undefined
    const others = scripts.filter((script) => !isEntryScript(script))
    const deferred = hrefs.length > 0 || entry ? [{ attrs: {}, children: afterPaintScript(hrefs, entry) }] : []
    routes[id] = { ...rest, ...(deferred.length + others.length > 0 ? { scripts: [...others, ...deferred] } : {}) }
  }
  return { ...manifest, routes }
}
